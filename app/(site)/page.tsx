import type { Metadata } from 'next';
import Link from 'next/link';
import { CallsCounter } from '@/components/calls-counter';
import { ToolServerSection } from '@/components/tool-server-section';
import { publicOrigin } from '@/lib/platform/http/public-origin';
import { getCallStats } from '@/lib/site/stats/get-call-stats';

export const metadata: Metadata = {
  title: { absolute: 'Voice AI — phone agents that sound human' },
  description:
    'Place outbound phone calls with an AI agent from one API call: calls, batches, speech and a tool server for your agent.',
  openGraph: {
    title: 'Voice AI — phone agents that sound human',
    description: 'Place outbound phone calls with an AI agent from one API call.',
    url: '/',
  },
};

// Anchors come from the same function as GET /api/stats/calls, at request time.
export const dynamic = 'force-dynamic';

const features = [
  {
    icon: '☎',
    title: 'Calls',
    text: 'POST /v1/calls and an agent dials out with your task. Live status, transcripts, recordings and a post-call webhook.',
  },
  {
    icon: '≡',
    title: 'Batches',
    text: 'Send up to 10,000 numbers with one prompt. Calls run within your concurrency limit; the batch report counts outcomes and call lengths.',
  },
  {
    icon: '♪',
    title: 'Speech',
    text: 'Text to speech over HTTP or a WebSocket stream, with voices tuned for the phone network.',
  },
  {
    icon: '⚙',
    title: 'Tool server',
    text: 'Your own AI agent uses the platform as tools over MCP: place calls, read their records, generate speech.',
  },
];

/** The sample request, to this deployment's API origin (PUBLIC_API_URL, else where it listens). */
const curlSample = (origin: string) => `curl -X POST ${origin}/v1/calls \\
  -H "Authorization: Bearer $VOICE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "phone_number": "+14155550123",
    "task": "Confirm the 10:00 appointment tomorrow"
  }'`;

export default function HomePage() {
  const stats = getCallStats(new Date());
  const curl = curlSample(publicOrigin('voice'));
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">Voice AI platform</p>
            <h1 id="hero-title">AI phone agents that sound human</h1>
            <p className="lede">
              Place outbound phone calls with an AI agent from one API call. Reminders, surveys,
              confirmations and sales follow-ups, on real phone lines. Rent a number and a saved
              agent answers its inbound calls too.
            </p>
            <div className="actions">
              <Link className="button" href="/forms/demo-request">
                Request a demo
              </Link>
              <Link className="button secondary" href="/v1/docs" prefetch={false}>
                Read the API docs
              </Link>
            </div>
          </div>
          <div className="counter-card">
            <p className="counter-label" id="counter-label">
              Calls resolved by our agents
            </p>
            <CallsCounter initial={stats} />
            <p className="counter-note">
              A modeled figure that grows at the current modeled rate, from{' '}
              <Link href="/api/stats/calls" prefetch={false}>
                /api/stats/calls
              </Link>
              .
            </p>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">What the API does</h2>
          <p className="lede">One REST API for everything a phone agent needs.</p>
          <ul className="features">
            {features.map((feature) => (
              <li className="feature" key={feature.title}>
                <span className="feature-icon" aria-hidden="true">
                  {feature.icon}
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="sample-title">
        <div className="container code-sample">
          <div>
            <h2 id="sample-title">Your first call in one request</h2>
            <p>
              Create an API key, then send a phone number and a task. The call is queued at once and
              you get its id back; when it ends, a webhook brings the transcript.
            </p>
            <ul>
              <li>
                <Link href="/v1/docs" prefetch={false}>
                  Voice API reference
                </Link>{' '}
                (calls, batches, speech, tool server)
              </li>
              <li>
                <Link href="/docs" prefetch={false}>
                  Marketing API reference
                </Link>{' '}
                (blog, stats, contact and lead forms)
              </li>
            </ul>
          </div>
          <pre tabIndex={0} aria-label="Example: create a call with curl">
            <code>{curl}</code>
          </pre>
        </div>
      </section>

      <ToolServerSection />
    </>
  );
}
