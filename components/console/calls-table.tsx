import { CallRows, type Call } from './call-rows';

/** A table of calls (the calls list, the overview's latest): one header for both. */
export function CallsTable({
  orgId,
  calls,
  caption,
}: {
  orgId: string;
  calls: Call[];
  caption: string;
}) {
  return (
    <div className="table-scroll">
      <table data-testid="calls-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Number</th>
            <th scope="col">Status</th>
            <th scope="col">Ended by</th>
            <th scope="col">Length</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <CallRows orgId={orgId} calls={calls} />
      </table>
    </div>
  );
}
