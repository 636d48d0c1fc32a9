import type { Metadata } from 'next';
import Link from 'next/link';
import { BatchImportForm } from '@/components/console/batch-import-form';
import { RoleLimits } from '@/components/console/role-limits';
import { listBatches } from '@/lib/calls/batches/list-batches';
import { consoleOrg } from '@/lib/console/console-org';
import { getDb } from '@/lib/composition/adapters';

export const metadata: Metadata = { title: 'Batches · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default async function BatchesPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/batches`);
  const batches = await listBatches(await getDb(), org.orgId);
  return (
    <>
      <h1>Batches</h1>
      <RoleLimits role={org.role} actions={[{ action: 'batches.write', text: 'create batches' }]} />
      {batches.length === 0 ? (
        <p data-testid="batches-empty">
          No batches yet. Import a CSV file below, or send one with <code>POST /v1/batches</code>.
        </p>
      ) : (
        <div className="table-scroll">
          <table data-testid="batches-table">
            <caption className="visually-hidden">Batches, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Created (UTC)</th>
                <th scope="col">Calls</th>
                <th scope="col">Ended</th>
                <th scope="col">Errors</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((batch) => (
                <tr key={batch.batch_id} data-testid="batch-row">
                  <td>
                    <Link
                      href={`/console/orgs/${org.orgId}/batches/${batch.batch_id}`}
                      prefetch={false}
                    >
                      {batch.label}
                    </Link>
                  </td>
                  <td>{batch.created_at.slice(0, 19).replace('T', ' ')}</td>
                  <td>{batch.total_calls}</td>
                  <td>{batch.completed_calls}</td>
                  <td>{batch.error_calls}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {can('batches.write') ? <BatchImportForm orgId={org.orgId} /> : null}
    </>
  );
}
