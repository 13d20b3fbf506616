import { ConsolePage } from '../../../features/staff/components/console-page';
import { PayoutsPanel } from '../../../features/payouts/components/payouts-panel';

/** /staff/payouts (staff only): prizes owed per creator, recording payouts, the CSV export. */
export default function PayoutsPage() {
  return (
    <ConsolePage
      title="Payouts"
      intro="Prizes become pending earnings when results are published, round stipends when creators advance. Record each payout once; corrections are new ledger rows, never edits."
    >
      <PayoutsPanel />
    </ConsolePage>
  );
}
