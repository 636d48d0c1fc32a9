/** On every screen of the sandbox checkout: nobody may mistake it for a real payment. */
export function SandboxBanner() {
  return (
    <p
      role="status"
      data-testid="sandbox-banner"
      style={{
        background: '#fff3cd',
        border: '1px solid #b58900',
        padding: '0.75rem',
        fontWeight: 700,
      }}
    >
      Sandbox payment — no money moves
    </p>
  );
}
