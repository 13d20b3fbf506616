/** What pages outside the feature use. */
export { ReleasesPanel, type ReleasesPanelProps } from './components/releases-panel';
export { PayeeForm } from './components/payee-form';
