import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BarChart3,
  Clock,
  Download,
  FileText,
  FolderOpen,
  Gift,
  KeyRound,
  LineChart,
  Mail,
  ShieldCheck,
} from 'lucide-react';
import { TAGLINE } from '@tp/shared';
import { ContactForm } from '@/features/contact-us';
import { SubscribeForm } from '@/features/newsletter';
import { Faq } from './components/faq';
import { LiveFeed, UserCountBadge } from './components/live-feed';
import { Pricing } from './components/pricing';
import { LANDING_FAQ } from './faq-items';
import { GUIDE_URL } from './guide';
import { TEAM } from './team';
import { signUpPath } from '@/lib/paths';
import { Avatar } from '@/ui/avatar';
import { Card } from '@/ui/card';

const FEATURES = [
  {
    icon: LineChart,
    title: 'Live quotes and paper trading',
    text: 'Follow the markets that move your margins and practise buy and sell decisions in a risk-free account.',
  },
  {
    icon: FolderOpen,
    title: 'Content hub',
    text: 'Keep invoices, certificates and price lists in one place, search them, and share them with buyers by e-mail.',
  },
  {
    icon: Mail,
    title: 'E-mail campaigns',
    text: 'Send offers and updates to your buyer lists, now or on a schedule, and see who opened and clicked.',
  },
  {
    icon: BarChart3,
    title: 'Progress you can see',
    text: 'Daily goals, streaks and a dashboard that shows your trading results and activity at a glance.',
  },
];

const STEPS = [
  {
    title: 'Sign up with your e-mail',
    text: 'Enter your address and open the magic link we send you. No password to remember.',
  },
  { title: 'Complete your profile', text: 'Tell us your company and role so your dashboard fits the way you trade.' },
  {
    title: 'Trade, share and grow',
    text: 'Practise trades on live quotes, organise your documents and reach your buyers.',
  },
];

/**
 * The spec's testimonials slot, told as what the portal is built for: the product has no customer
 * quotes to show yet, and invented people presented as customers would be invented proof.
 */
const USE_CASES = [
  {
    icon: LineChart,
    who: 'A cocoa exporter in Ghana',
    story:
      'Practises currency conversions on live quotes in paper trading before the money from a shipment is at risk.',
  },
  {
    icon: FolderOpen,
    who: 'An olive oil trader in Spain',
    story:
      'Keeps certificates of origin and price lists in the content hub, and sends a buyer the whole document set in one message.',
  },
  {
    icon: Mail,
    who: 'A spice merchant in India',
    story:
      'Sends the season’s offers to buyer lists as a campaign, with opens, clicks and unsubscribes counted, instead of a mail merge.',
  },
];

function Section({
  id,
  title,
  intro,
  children,
  className = '',
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      // sections below the fold are laid out only when they near the viewport: a cheaper first paint
      className={`mx-auto w-full max-w-[72rem] px-4 py-12 [contain-intrinsic-size:auto_36rem] [content-visibility:auto] sm:px-6 sm:py-16 ${className}`}
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-3 max-w-2xl text-muted">{intro}</p>}
      <div className="mt-8">{children}</div>
    </section>
  );
}

export default function LandingPage() {
  return (
    <div className="text-base">
      <Hero />

      <Section
        id="features"
        title="Everything an exporter needs in one place"
        intro="Four tools that work together, from the first quote to the last shipment."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card as="li" elevation="flat" key={title} className="p-5">
              <Icon aria-hidden="true" className="size-7 text-accent" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </Card>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title="How it works" intro="Three steps from sign-up to your first trade.">
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <Card as="li" elevation="flat" key={step.title} className="p-5">
              <span
                aria-hidden="true"
                className="tabular flex size-9 items-center justify-center rounded-full bg-accent font-bold text-accent-fg"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-muted">{step.text}</p>
            </Card>
          ))}
        </ol>
      </Section>

      <Section
        id="testimonials"
        title="What traders use it for"
        intro="Examples of the work the portal is built for: illustrations, not quotes from customers."
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {USE_CASES.map((useCase) => (
            <li key={useCase.who}>
              <Card elevation="flat" className="h-full p-5">
                <useCase.icon aria-hidden="true" className="size-6 text-accent" />
                <p className="mt-3 font-semibold">{useCase.who}</p>
                <p className="mt-1 text-sm text-muted">{useCase.story}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <OfferBanner />

      <Section
        id="pricing"
        title="Plans and pricing"
        intro="Pay monthly, or pay for ten months a year and get two months free."
      >
        <Pricing />
      </Section>

      <GuideSection />

      <Section id="faq" title="Frequently asked questions">
        <Faq items={LANDING_FAQ} />
      </Section>

      <Section id="mission" title="Our mission">
        <p className="max-w-3xl text-lg">
          We believe a family exporter deserves the same tools as a trading house: clear market information, safe
          practice, organised documents and a direct line to buyers. Trading Portal exists to make global trade simpler,
          safer and more profitable for merchant exporters everywhere.
        </p>
        <ul aria-label="Our team" className="mt-8 grid gap-4 md:grid-cols-3">
          {TEAM.map((person) => (
            <Card as="li" elevation="flat" key={person.name} className="flex gap-4 p-5">
              <Avatar name={person.name} size="lg" decorative />
              <div>
                <h3 className="font-semibold">{person.name}</h3>
                <p className="text-sm text-accent">{person.role}</p>
                <p className="mt-2 text-sm text-muted">{person.bio}</p>
              </div>
            </Card>
          ))}
        </ul>
      </Section>

      <Section
        id="contact"
        title="Contact us"
        intro="Questions about the portal, a plan or your account? Write to us and we answer within one business day."
      >
        <div className="max-w-2xl">
          <ContactForm source="landing" />
        </div>
      </Section>
    </div>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="border-b border-border bg-surface">
      <div className="mx-auto max-w-[72rem] px-4 py-14 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">{TAGLINE}</p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">
          Maximize Your Merchant Exports Profits
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">
          Live market quotes, a risk-free trading account, your trade documents and your buyer campaigns: one portal
          built for merchant exporters and trading professionals.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link
            to={signUpPath()}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-accent px-6 font-semibold text-accent-fg hover:opacity-90"
          >
            Get started free <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          <a
            href="#guide"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-border px-6 font-semibold hover:bg-surface-2"
          >
            <Download aria-hidden="true" className="size-4" /> Free trading guide
          </a>
        </div>
        <div className="mt-6">
          <LiveFeed />
        </div>
        <ul aria-label="Why exporters trust us" className="mt-8 flex flex-wrap gap-x-6 gap-y-3 text-sm text-muted">
          <li className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-4 text-accent" /> Passwordless magic-link sign-in
          </li>
          <li className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-4 text-accent" /> Encrypted connections, data kept in the
            portal
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 text-accent" /> Human support Monday to Friday
          </li>
          <UserCountBadge />
        </ul>
      </div>
    </section>
  );
}

function OfferBanner() {
  return (
    <aside aria-label="Limited-time offer" className="mx-auto w-full max-w-[72rem] px-4 sm:px-6">
      <Card
        elevation="flat"
        tone="highlight"
        className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center"
      >
        <Gift aria-hidden="true" className="size-9 shrink-0 text-accent" />
        <div className="flex-1">
          <p className="font-semibold uppercase tracking-wide text-accent">Limited-time offer</p>
          <p className="mt-1 text-lg font-semibold">Get 2 months free on an annual subscription.</p>
        </div>
        <a
          href="#pricing"
          className="inline-flex min-h-11 items-center rounded-md bg-accent px-5 font-semibold text-accent-fg hover:opacity-90"
        >
          See plans
        </a>
      </Card>
    </aside>
  );
}

function GuideSection() {
  return (
    <Section
      id="guide"
      title="Free trading guide"
      intro="Incoterms, getting paid under letters of credit, export pricing and currency risk: the essentials in one PDF."
    >
      <Card elevation="flat" className="grid gap-6 p-6 md:grid-cols-2">
        <div>
          <FileText aria-hidden="true" className="size-10 text-accent" />
          <p className="mt-3 font-semibold">The Merchant Exporter's Trading Guide</p>
          <p className="mt-1 text-sm text-muted">PDF, free, no sign-up needed.</p>
          <a
            href={GUIDE_URL}
            download
            className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-md bg-accent px-5 font-semibold text-accent-fg hover:opacity-90"
          >
            <Download aria-hidden="true" className="size-4" /> Download the guide
          </a>
        </div>
        <div>
          <p className="font-semibold">Get new guides by e-mail</p>
          <p className="mb-3 mt-1 text-sm text-muted">
            One message when we publish something useful. Confirm by e-mail; leave any time.
          </p>
          <SubscribeForm />
        </div>
      </Card>
    </Section>
  );
}
