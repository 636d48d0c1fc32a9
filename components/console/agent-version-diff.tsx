import { agentSettingKeys, type AgentVersionBody } from '@/schemas/agents';

const keys = ['name', ...agentSettingKeys] as const;
type Key = (typeof keys)[number];

/** The fields a version changed from the one before it. */
export function changedKeys(version: AgentVersionBody, before: AgentVersionBody): Key[] {
  return keys.filter((key) => JSON.stringify(version[key]) !== JSON.stringify(before[key]));
}

const LONGEST = 400;

/** A setting's value for people: "not set" for null, JSON for objects, long text cut. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return 'not set';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text;
}

/**
 * What one version changed, field by field, before and after: every saved setting is compared
 * (the list comes from agentSettingKeys), so a setting added to agents is diffed with no change here.
 * Tools' header values are `[hidden]` in every version, as the API shows them: a change of one
 * alone is named, never shown.
 */
export function AgentVersionDiff({
  version,
  before,
}: {
  version: AgentVersionBody;
  before: AgentVersionBody | undefined;
}) {
  if (!before) return <>{version.version === 1 ? 'created' : '—'}</>;
  const changed = changedKeys(version, before);
  // Every version changed something; what the reads cannot show is a tool's header value.
  if (changed.length === 0)
    return (
      <span data-testid={`agent-version-${version.version}-diff`}>tool header values (hidden)</span>
    );
  return (
    <details data-testid={`agent-version-${version.version}-diff`}>
      <summary>{changed.map((key) => key.replaceAll('_', ' ')).join(', ')}</summary>
      <dl className="version-diff">
        {changed.map((key) => (
          <div key={key} data-testid={`diff-${key}`}>
            <dt>{key.replaceAll('_', ' ')}</dt>
            <dd>
              <del>{shown(before[key])}</del> → <ins>{shown(version[key])}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
