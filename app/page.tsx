import Link from 'next/link';

export default function HomePage() {
  return (
    <main>
      <h1>AI phone agents that sound human</h1>
      <p>Place and answer phone calls with an AI agent, from one API call.</p>
      <ul>
        <li>
          <Link href="/docs">Marketing API reference</Link>
        </li>
        <li>
          <Link href="/v1/docs">Voice API reference</Link>
        </li>
      </ul>
    </main>
  );
}
