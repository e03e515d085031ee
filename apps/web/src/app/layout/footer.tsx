import { Link } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '@tp/shared';
import { ClientOnly } from '@/lib/client-only';
import { usePublicConfig } from '@/lib/public-config';
import { paths } from '@/lib/paths';

// the order of docs/product/shell.md#footer, read across the two lists: /about, /services,
// /careers, /terms, /privacy, /contact, /faq, /resources
const LINK_COLUMNS = [
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About' },
      { to: paths.services, label: 'Services' },
      { to: paths.careers, label: 'Careers' },
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.privacy, label: 'Privacy Policy' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: paths.contact, label: 'Contact' },
      { to: paths.faq, label: 'FAQ' },
      { to: paths.resources, label: 'Resources' },
    ],
  },
];

export function Footer() {
  const config = usePublicConfig().data;
  const supportEmail = config?.supportEmail;
  // the company's own pages when the server names them (SOCIAL_LINKS), never a site's home page
  const socialLinks = config?.socialLinks ?? [];
  return (
    <footer className="border-t border-border bg-surface text-sm">
      <div className="mx-auto grid max-w-[72rem] gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-semibold">{PRODUCT_NAME}</p>
          <p className="mt-1 text-muted">{TAGLINE}</p>
        </div>
        {LINK_COLUMNS.map((column) => (
          <FooterLinks key={column.title} {...column} />
        ))}
        <div>
          <h2 className="font-semibold">Support</h2>
          <address className="mt-2 space-y-1 not-italic text-muted">
            <p className="min-h-6">
              {supportEmail && (
                <a href={`mailto:${supportEmail}`} className="hover:text-fg">
                  {supportEmail}
                </a>
              )}
            </p>
            <p>Monday to Friday, 9:00–18:00</p>
          </address>
          {socialLinks.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-3" aria-label="Social media">
              {socialLinks.map((l) => (
                <li key={l.url}>
                  <a
                    href={l.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex min-h-11 items-center text-muted hover:text-fg sm:min-h-0"
                  >
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p className="border-t border-border px-4 py-4 text-center text-muted">
        {/* the prerendered page may be served in a later year than it was built: the year is the browser's */}©{' '}
        <ClientOnly>{new Date().getFullYear()} </ClientOnly>
        {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <ul className="mt-2 space-y-1">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="inline-flex min-h-11 items-center text-muted hover:text-fg sm:min-h-0 sm:py-1">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
