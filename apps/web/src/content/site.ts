/** The platform's own name and public contact address, written once for every page. */
export const SITE_NAME = 'Cinematic Contests';
export const SUPPORT_EMAIL = 'support@cinematiccontests.example';
