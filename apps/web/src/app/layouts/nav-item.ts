/** One link of the navbar and of the mobile menu (its own file, so the two never import each other). */
export interface NavItem {
  label: string;
  to: string;
  primary?: boolean;
}
