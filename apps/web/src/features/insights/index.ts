export { ContestInsights } from './components/contest-insights';
export { StaffOverview } from './components/staff-overview';
