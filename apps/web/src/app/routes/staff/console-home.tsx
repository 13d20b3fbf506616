import { ConsolePage } from '../../../features/staff/components/console-page';
import { ConsoleHome } from '../../../features/staff/components/console-home';

/** /staff (staff only): the console's home. */
export default function ConsoleHomePage() {
  return (
    <ConsolePage title="Staff console" intro="Review uploads, manage accounts and read the audit log.">
      <ConsoleHome />
    </ConsolePage>
  );
}
