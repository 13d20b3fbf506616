import { ConsolePage } from '../../../features/staff/components/console-page';
import { AuditLog } from '../../../features/staff/components/audit-log';

/** /staff/audit (staff only): the audit log. */
export default function AuditLogPage() {
  return (
    <ConsolePage
      title="Audit log"
      intro="Every staff and brand action, recorded with the change it made. Entries cannot be edited."
    >
      <AuditLog />
    </ConsolePage>
  );
}
