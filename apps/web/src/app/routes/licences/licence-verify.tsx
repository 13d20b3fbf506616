import { useParams } from 'react-router';
import { SimplePage } from '../../../components/simple-page';
import { LicenceVerdict } from '../../../features/delivery/components/licence-verdict';

/** /licences/:licenceId: the public check of a licence certificate (its QR code and link land here). */
export default function LicenceVerifyPage() {
  const { licenceId = '' } = useParams();
  return (
    <SimplePage title="Verify a licence">
      <LicenceVerdict licenceId={licenceId} />
    </SimplePage>
  );
}
