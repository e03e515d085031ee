import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { EmailLayout } from '../../../plugins/mail/email-layout';

export interface DeskAlertLine {
  /** "INV-2026-0142 · Rösterei Hamburg GmbH: EUR 97,450.00 due 2026-12-03" */
  text: string;
}

export interface DeskAlertEmailProps {
  name: string;
  invoicesDue: DeskAlertLine[];
  forwardsMaturing: DeskAlertLine[];
  budgetCrossings: DeskAlertLine[];
  deskUrl: string;
  settingsUrl: string;
}

const muted = { color: '#475569', fontSize: '12px' };

function Group({ title, lines }: { title: string; lines: DeskAlertLine[] }) {
  if (lines.length === 0) return null;
  return (
    <Section>
      <Heading as="h2" style={{ fontSize: '16px', margin: '16px 0 4px' }}>
        {title}
      </Heading>
      {lines.map((line) => (
        <Text key={line.text} style={{ margin: '4px 0' }}>
          {line.text}
        </Text>
      ))}
    </Section>
  );
}

/** The desk's daily alert (docs/desk.md#7-alerts): everything due, grouped, in one message. */
export function DeskAlertEmail({
  name,
  invoicesDue,
  forwardsMaturing,
  budgetCrossings,
  deskUrl,
  settingsUrl,
}: DeskAlertEmailProps) {
  return (
    <EmailLayout preview="What falls due on your exporter desk">
      <Heading as="h1" style={{ fontSize: '20px' }}>
        {name ? `${name}, here` : 'Here'} is what needs you on the exporter desk
      </Heading>
      <Group title="Invoices due within 7 days and not paid" lines={invoicesDue} />
      <Group title="Forwards maturing within 3 days" lines={forwardsMaturing} />
      <Group title="Spot rates that crossed your budget rate" lines={budgetCrossings} />
      <Text>
        <Link href={deskUrl}>Open the exporter desk</Link>
      </Text>
      <Text style={muted}>
        You get at most one of these e-mails a day. Choose which alerts you receive in{' '}
        <Link href={settingsUrl}>Settings</Link>.
      </Text>
    </EmailLayout>
  );
}
