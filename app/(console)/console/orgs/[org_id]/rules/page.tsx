import type { Metadata } from 'next';
import { CallingRulesForm } from '@/components/console/calling-rules-form';
import { CursorNav } from '@/components/console/cursor-nav';
import { DncAddForm, DncImportForm, DncRemoveButton } from '@/components/console/dnc-forms';
import { RoleLimits } from '@/components/console/role-limits';
import {
  getRuleSettings,
  listDncNumbers,
  readCallingRules,
  type HoursWindow,
} from '@/lib/calls/rules';
import { getDb } from '@/lib/composition/adapters';
import { formatTime } from '@/lib/console/format-time';
import { RefusalsTable } from '@/components/console/refusals-table';
import { openOrgPage, readOrProblem, type OrgPageProps } from '@/lib/console/org-page';

export const metadata: Metadata = { title: 'Calling rules · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 100;
const dayNames = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

function windowWords(hours: HoursWindow | null): string {
  if (!hours) return 'any time';
  const days = hours.days
    ? hours.days.map((d) => dayNames[d as keyof typeof dayNames] ?? d).join(', ')
    : 'every day';
  return `${hours.start}–${hours.end}, ${days}`;
}

export default async function CallingRulesPage(props: OrgPageProps<{ org_id: string }>) {
  const { org, can, search } = await openOrgPage(props, '/rules');
  const db = await getDb();
  const rules = await readCallingRules(db, getRuleSettings(), org.orgId);
  const cursor = typeof search.cursor === 'string' ? search.cursor : undefined;
  const { data: dnc, problem } = await readOrProblem(
    listDncNumbers(db, org.orgId, { cursor, limit: PAGE_SIZE }),
  );
  const exportUrl = `/console/api/orgs/${org.orgId}/dnc/export`;
  return (
    <>
      <h1>Calling rules</h1>
      <RoleLimits
        role={org.role}
        actions={[
          { action: 'org.update', text: 'change the rules or take numbers off the list' },
          { action: 'calls.write', text: 'add numbers to the do-not-call list' },
        ]}
      />
      <p>
        Every call is checked against these rules when it is dialled: premium-rate and satellite
        numbers are refused, only the countries below are called, calls are placed only inside the
        calling hours in the callee’s own time, and numbers on a do-not-call list are never dialled.
      </p>

      <h2>In force</h2>
      <dl className="facts" data-testid="rules-in-force">
        <dt>Countries</dt>
        <dd>{(rules.countries ?? rules.service.countries).join(', ')}</dd>
        <dt>Calling hours (callee’s time)</dt>
        <dd data-testid="rules-effective-hours">{windowWords(rules.effective_hours)}</dd>
        <dt>AI disclosure</dt>
        <dd>{rules.disclosures.ai ? `On: “${rules.disclosures.ai_text}”` : 'Off'}</dd>
        <dt>Recording notice</dt>
        <dd>
          “{rules.disclosures.recording_text}” on recorded calls to all-party-consent places (
          {[
            ...rules.service.all_party_consent.us_states,
            ...rules.service.all_party_consent.countries,
          ].join(', ')}
          )
        </dd>
        <dt>The service’s own rules</dt>
        <dd>
          Countries {rules.service.countries.join(', ')}; hours {windowWords(rules.service.hours)}
        </dd>
      </dl>
      {can('org.update') ? (
        <section aria-labelledby="rules-edit">
          <h2 id="rules-edit">Change the rules</h2>
          <CallingRulesForm
            orgId={org.orgId}
            values={{
              countries: rules.countries,
              hours: rules.hours,
              disclosures: rules.disclosures,
            }}
          />
        </section>
      ) : null}

      <h2>Refusals</h2>
      {rules.refusals.length === 0 ? (
        <p>The rules have refused no call so far.</p>
      ) : (
        <RefusalsTable refusals={rules.refusals} testId="rules-refusals" />
      )}

      <section aria-labelledby="dnc">
        <h2 id="dnc">Do-not-call list</h2>
        <p>
          Numbers here are never dialled by this organization. Callees who ask not to be called
          again during a call are added by the call itself (source “opt_out”, with the call as
          evidence). The service’s own list applies too.
        </p>
        {can('calls.write') ? (
          <>
            <DncAddForm orgId={org.orgId} />
            <DncImportForm orgId={org.orgId} />
          </>
        ) : null}
        <p>
          <a href={exportUrl} download>
            Export the list as CSV
          </a>
        </p>
        {problem ? (
          <p role="alert">{problem}</p>
        ) : dnc && dnc.numbers.length === 0 ? (
          <p data-testid="dnc-none">No numbers are listed.</p>
        ) : dnc ? (
          <div className="table-scroll">
            <table data-testid="dnc-table">
              <caption className="visually-hidden">Listed numbers, in number order</caption>
              <thead>
                <tr>
                  <th scope="col">Number</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Source</th>
                  <th scope="col">Listed</th>
                  {can('org.update') ? <th scope="col">Actions</th> : null}
                </tr>
              </thead>
              <tbody>
                {dnc.numbers.map((entry) => (
                  <tr key={entry.number}>
                    <th scope="row">{entry.number}</th>
                    <td>{entry.reason ?? '—'}</td>
                    <td>{entry.source}</td>
                    <td>{formatTime(entry.created_at, '—')}</td>
                    {can('org.update') ? (
                      <td>
                        <DncRemoveButton orgId={org.orgId} number={entry.number} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <CursorNav
          label="Do-not-call list pages"
          search={search}
          nextCursor={dnc?.next_cursor}
          older="More numbers"
        />
      </section>
    </>
  );
}
