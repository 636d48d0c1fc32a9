// Built only by `npm run build:bench`: an empty page in the console's organization layout (the
// session, the member's organizations, the navigation, the balance), the floor bench/console.ts
// measures the console's pages against.
export const dynamic = 'force-dynamic';

export default function EmptyConsolePage() {
  return <h1>Empty</h1>;
}
