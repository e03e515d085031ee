/** The team of three behind the mission statement (docs/product/public-site.md#mission-and-team). */
export const TEAM = [
  {
    name: 'Amina Okafor',
    role: 'Co-founder, trade finance',
    bio: 'Spent a decade in documentary credits and export finance, helping merchants get paid on time.',
  },
  {
    name: 'Daniel Mensah',
    role: 'Co-founder, markets and risk',
    bio: 'Former currency desk analyst who now teaches exporters to price and hedge with confidence.',
  },
  {
    name: 'Grace Liu',
    role: 'Head of product and engineering',
    bio: 'Builds the portal and keeps it fast, secure and available wherever our users trade.',
  },
] as const;
