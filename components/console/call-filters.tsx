import { STATUS_WORDS } from '@/lib/console/status-words';

const statuses = [['', 'Any'], ...Object.entries(STATUS_WORDS)] as const;
const enders = ['', 'ASSISTANT', 'USER', 'API', 'MAX_DURATION', 'SYSTEM'] as const;

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** The calls list's filters: a plain GET form, so filtering needs no client JavaScript. */
export function CallFilters({ values }: { values: Record<string, string | string[] | undefined> }) {
  return (
    <form className="filters" method="get" aria-label="Filter calls">
      <label>
        Status
        <select name="status" defaultValue={text(values.status)}>
          {statuses.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        From (UTC)
        <input type="date" name="from" defaultValue={text(values.from)} />
      </label>
      <label>
        To (UTC)
        <input type="date" name="to" defaultValue={text(values.to)} />
      </label>
      <label>
        Phone number
        <input
          type="tel"
          name="phone_number"
          placeholder="+14155550123"
          defaultValue={text(values.phone_number)}
        />
      </label>
      <label>
        Batch id
        <input type="text" name="batch_id" defaultValue={text(values.batch_id)} />
      </label>
      <label>
        Ended by
        <select name="ended_by" defaultValue={text(values.ended_by)}>
          {enders.map((value) => (
            <option key={value} value={value}>
              {value === '' ? 'Anyone' : value}
            </option>
          ))}
        </select>
      </label>
      <label>
        Direction
        <select name="direction" defaultValue={text(values.direction)}>
          <option value="">Both</option>
          <option value="outbound">Outbound (placed)</option>
          <option value="inbound">Inbound (answered)</option>
        </select>
      </label>
      <button className="button" type="submit">
        Filter
      </button>
    </form>
  );
}
