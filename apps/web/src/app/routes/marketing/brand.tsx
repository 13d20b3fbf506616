import { SimplePage } from '../../../components/simple-page';

export default function BrandPage() {
  return <SimplePage title="Brand" />;
}
