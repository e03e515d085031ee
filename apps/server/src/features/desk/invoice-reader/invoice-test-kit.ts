import type { CurrencyCode, InvoiceDirection } from '@tp/shared';

/**
 * Invoices as exporters receive and send them, generated here: each layout writes its amounts and
 * dates through Intl in its own locale (so 97.450,00, 97 450,00 with no-break spaces, ₹9,74,500.00,
 * ￥9,745,000 come from the platform, not from the reader's rules), its own labels and its own
 * arrangement of rows. A row's cells are columns: a text file separates them with spaces, a PDF
 * places them side by side.
 */

export type Band = 'sure' | 'likely' | 'guess' | 'faint' | 'none';

/**
 * How sure a confidence says the reader is: 1, 0.7–0.99, 0.4–0.69, above 0, 0
 * (docs/desk.md#9-capture-from-an-uploaded-invoice).
 */
export function band(confidence: number): Band {
  if (confidence >= 1) return 'sure';
  if (confidence >= 0.7) return 'likely';
  if (confidence >= 0.4) return 'guess';
  return confidence > 0 ? 'faint' : 'none';
}

const FIELDS = ['reference', 'counterparty', 'currency', 'amount', 'issueDate', 'dueDate', 'direction'] as const;

/** Each field's value and confidence band, to compare with a layout's `expected`. */
export const seenFields = (proposals: Record<(typeof FIELDS)[number], { value: unknown; confidence: number }>) =>
  Object.fromEntries(
    FIELDS.map((field) => [field, { value: proposals[field].value, band: band(proposals[field].confidence) }]),
  );

export interface Expected<T> {
  value: T | null;
  band: Band;
}

export interface InvoiceLayout {
  name: string;
  /** The user's company (users.company): it decides the direction. */
  ownCompany: string;
  rows: string[][];
  expected: {
    reference: Expected<string>;
    counterparty: Expected<string>;
    currency: Expected<CurrencyCode>;
    amount: Expected<string>;
    issueDate: Expected<string>;
    dueDate: Expected<string>;
    direction: Expected<InvoiceDirection>;
  };
}

export const OWN_COMPANY = 'Ada Exports Ltd';

const ISSUED = new Date('2026-11-20T00:00:00Z');
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const date = (locale: string, value: Date, options: Intl.DateTimeFormatOptions = {}) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options }).format(value);
const money = (locale: string, currency: string, value: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
const number = (locale: string, value: number, decimals = 2) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

/** A US importer's invoice from the user: month-first dates, "$" alone, a phone number and ZIP larger than the total. */
const american: InvoiceLayout = {
  name: 'English (US): Sold To, month-first dates, $ alone, Grand Total over line items',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Ada Exports Ltd', 'INVOICE'],
    ['Westlands Road 14, Nairobi, Kenya', 'Invoice No. AX-2026-0077'],
    ['Tel +254 20 555 0199', `Invoice Date: ${date('en-US', ISSUED)}`],
    ['', `Due Date: ${date('en-US', day('2027-01-04'), { month: '2-digit', day: '2-digit', year: 'numeric' })}`],
    ['Sold To:'],
    ['Blue Ridge Coffee Importers LLC'],
    ['500 Harbor Blvd, San Francisco, CA 94107'],
    ['Description', 'Qty', 'Unit price', 'Amount'],
    ['Arabica AA, 60 kg bags', '200', money('en-US', 'USD', 324.5), money('en-US', 'USD', 64900)],
    ['Arabica AB, 60 kg bags', '100', money('en-US', 'USD', 312.5), money('en-US', 'USD', 31250)],
    ['Subtotal', money('en-US', 'USD', 96150)],
    ['Freight (FOB Mombasa)', money('en-US', 'USD', 1300)],
    ['Grand Total', money('en-US', 'USD', 97450)],
    ['Thank you for your business.'],
  ],
  expected: {
    reference: { value: 'AX-2026-0077', band: 'sure' },
    counterparty: { value: 'Blue Ridge Coffee Importers LLC', band: 'sure' },
    currency: { value: 'USD', band: 'guess' },
    amount: { value: '97450.00', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    // 01/04/2027 could be 1 April; the document's 11/20/2026 shows it writes the month first
    dueDate: { value: '2027-01-04', band: 'likely' },
    direction: { value: 'receivable', band: 'sure' },
  },
};

const british: InvoiceLayout = {
  name: 'English (UK): Invoice #, day-first dates, Net 60, VAT and Amount due',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Ada Exports Ltd'],
    ['Unit 4, Riverside Park, London SE1 9PG'],
    ['INVOICE'],
    ['Invoice #: UK-1042'],
    [`Date: ${date('en-GB', ISSUED)}`],
    ['Bill To:'],
    ['Thames Roasters Ltd'],
    ['12 Wharf Street, Bristol BS1 4RN'],
    ['Green coffee, Kenya AA, 150 bags', money('en-GB', 'GBP', 81208.33)],
    ['Subtotal', money('en-GB', 'GBP', 81208.33)],
    ['VAT (20%)', money('en-GB', 'GBP', 16241.67)],
    ['Total', money('en-GB', 'GBP', 97450)],
    ['Amount due', money('en-GB', 'GBP', 97450)],
    ['Payment terms: Net 60'],
  ],
  expected: {
    reference: { value: 'UK-1042', band: 'sure' },
    counterparty: { value: 'Thames Roasters Ltd', band: 'sure' },
    currency: { value: 'GBP', band: 'sure' },
    amount: { value: '97450.00', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    dueDate: { value: '2027-01-19', band: 'likely' },
    direction: { value: 'receivable', band: 'sure' },
  },
};

/** A supplier's invoice to the user: the counterparty is the issuer, found by position. */
const german: InvoiceLayout = {
  name: 'German: Rechnungsnummer, dotted dates, Fällig am, 97.450,00 €, a payable',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Kaffeerösterei Hamburg GmbH', 'RECHNUNG'],
    ['Speicherstadt 12, 20457 Hamburg', 'Rechnungsnummer: RE-2026-0142'],
    [
      'USt-IdNr. DE 123 456 789',
      `Rechnungsdatum: ${date('de-DE', ISSUED, { day: '2-digit', month: '2-digit', year: 'numeric' })}`,
    ],
    ['', `Fällig am: ${date('de-DE', day('2027-01-19'), { day: '2-digit', month: '2-digit', year: 'numeric' })}`],
    ['Rechnungsempfänger:'],
    ['Ada Exports Ltd'],
    ['Westlands Road 14, Nairobi'],
    ['Röstkaffee, 2.000 kg', `${number('de-DE', 81890.76)} €`],
    ['Zwischensumme', `${number('de-DE', 81890.76)} €`],
    ['MwSt. 19 %', `${number('de-DE', 15559.24)} €`],
    ['Gesamtbetrag', `${number('de-DE', 97450)} €`],
    ['Bitte überweisen Sie den Betrag auf unser Konto.'],
  ],
  expected: {
    reference: { value: 'RE-2026-0142', band: 'sure' },
    counterparty: { value: 'Kaffeerösterei Hamburg GmbH', band: 'guess' },
    currency: { value: 'EUR', band: 'sure' },
    amount: { value: '97450.00', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    dueDate: { value: '2027-01-19', band: 'sure' },
    direction: { value: 'payable', band: 'sure' },
  },
};

const french: InvoiceLayout = {
  name: 'French: Facture n°, long dates, Total HT / TTC with no-break spaces, 60 jours fin de mois',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Ada Exports Ltd'],
    ['FACTURE'],
    ['Facture n° F-2026-118'],
    [`Date : ${date('fr-FR', ISSUED, { dateStyle: 'long' })}`],
    ['Client :', 'Maison du Café SARL'],
    ['Café vert, 150 sacs', money('fr-FR', 'EUR', 81208.33)],
    ['Total HT', money('fr-FR', 'EUR', 81208.33)],
    ['TVA 20 %', money('fr-FR', 'EUR', 16241.67)],
    ['Total TTC', money('fr-FR', 'EUR', 97450)],
    ['Conditions de paiement : 60 jours fin de mois'],
  ],
  expected: {
    reference: { value: 'F-2026-118', band: 'sure' },
    counterparty: { value: 'Maison du Café SARL', band: 'sure' },
    currency: { value: 'EUR', band: 'sure' },
    amount: { value: '97450.00', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    // 20 November + 60 days = 19 January, then the end of that month
    dueDate: { value: '2027-01-31', band: 'likely' },
    direction: { value: 'receivable', band: 'sure' },
  },
};

/** A supplier's invoice to the user whose terms are labelled "Conditions" alone. */
const frenchSupplier: InvoiceLayout = {
  name: 'French supplier: numeric dates, Net à payer, "Conditions : 60 jours fin de mois", a payable',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Torréfaction Lyonnaise SAS'],
    ['12 quai Saint-Antoine, 69002 Lyon'],
    ['FACTURE N° TL-2026-0311'],
    [`Date : ${date('fr-FR', ISSUED)}`],
    ['Client :', 'Ada Exports Ltd'],
    ['Café torréfié, 1 200 kg', money('fr-FR', 'EUR', 81208.33)],
    ['Total HT', money('fr-FR', 'EUR', 81208.33)],
    ['TVA 20 %', money('fr-FR', 'EUR', 16241.67)],
    ['Net à payer', money('fr-FR', 'EUR', 97450)],
    ['Conditions : 60 jours fin de mois'],
    ['Pénalités de retard : trois fois le taux d’intérêt légal'],
  ],
  expected: {
    reference: { value: 'TL-2026-0311', band: 'sure' },
    counterparty: { value: 'Torréfaction Lyonnaise SAS', band: 'guess' },
    currency: { value: 'EUR', band: 'sure' },
    amount: { value: '97450.00', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    // 20 November + 60 days = 19 January, then the end of that month
    dueDate: { value: '2027-01-31', band: 'likely' },
    direction: { value: 'payable', band: 'sure' },
  },
};

/** English "EOM" terms count the days from the end of the issue month. */
const australian: InvoiceLayout = {
  name: 'English (AU): Tax Invoice, GST, AUD by the total, "Terms: 30 days EOM"',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Ada Exports Ltd', 'TAX INVOICE'],
    ['Westlands Road 14, Nairobi'],
    ['Invoice No: AU-0931', `Invoice Date: ${date('en-AU', ISSUED)}`],
    ['Bill To:'],
    ['Melbourne Bean Merchants Pty Ltd'],
    ['Green coffee, Ethiopia Sidamo, 150 bags', number('en-AU', 88590.91)],
    ['GST', number('en-AU', 8859.09)],
    ['Total', `AUD ${number('en-AU', 97450)}`],
    ['Terms: 30 days EOM'],
  ],
  expected: {
    reference: { value: 'AU-0931', band: 'sure' },
    counterparty: { value: 'Melbourne Bean Merchants Pty Ltd', band: 'sure' },
    currency: { value: 'AUD', band: 'sure' },
    amount: { value: '97450.00', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    // the end of November, then 30 days
    dueDate: { value: '2026-12-30', band: 'likely' },
    direction: { value: 'receivable', band: 'sure' },
  },
};

const indian: InvoiceLayout = {
  name: 'Indian: Tax Invoice, lakh grouping ₹ 9,74,500.00, dd-Mon-yyyy, Buyer (Bill to), 30 days',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Shree Ganesh Cotton Mills Pvt. Ltd.'],
    ['GIDC Estate, Ahmedabad, Gujarat 382445', 'GSTIN: 24AAACS1234F1Z5'],
    ['TAX INVOICE'],
    ['Invoice No.: GJ/2026-27/0142', 'Invoice Date: 20-Nov-2026'],
    ['Buyer (Bill to)'],
    ['M/s. Ada Exports Ltd'],
    ['Sl', 'Description of goods', 'HSN', 'Quantity', 'Rate', 'Amount'],
    ['1', 'Cotton yarn 30s combed', '5205', '5,000 kg', number('en-IN', 194.9), `₹ ${number('en-IN', 974500)}`],
    ['Total', `₹ ${number('en-IN', 974500)}`],
    ['Amount Chargeable (in words): Indian Rupees Nine Lakh Seventy Four Thousand Five Hundred Only'],
    ['Payment terms: 30 days from date of invoice'],
  ],
  expected: {
    reference: { value: 'GJ/2026-27/0142', band: 'sure' },
    counterparty: { value: 'Shree Ganesh Cotton Mills Pvt. Ltd.', band: 'guess' },
    currency: { value: 'INR', band: 'sure' },
    amount: { value: '974500.00', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    dueDate: { value: '2026-12-20', band: 'likely' },
    direction: { value: 'payable', band: 'sure' },
  },
};

const japanese: InvoiceLayout = {
  name: 'Japanese: 請求書, ￥ whole numbers, 年月日 dates, 請求先',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Ada Exports Ltd'],
    ['請求書 / INVOICE'],
    ['請求書番号: JP-2026-0088'],
    [`請求日: ${date('ja-JP', ISSUED, { dateStyle: 'long' })}`],
    [`お支払期限: ${date('ja-JP', day('2027-01-31'), { dateStyle: 'long' })}`],
    ['請求先: 東京珈琲株式会社'],
    ['小計', money('ja-JP', 'JPY', 8859091)],
    ['消費税 (10%)', money('ja-JP', 'JPY', 885909)],
    ['ご請求金額', money('ja-JP', 'JPY', 9745000)],
  ],
  expected: {
    reference: { value: 'JP-2026-0088', band: 'sure' },
    counterparty: { value: '東京珈琲株式会社', band: 'sure' },
    currency: { value: 'JPY', band: 'likely' },
    amount: { value: '9745000', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    dueDate: { value: '2027-01-31', band: 'sure' },
    direction: { value: 'receivable', band: 'sure' },
  },
};

const brazilian: InvoiceLayout = {
  name: 'Brazilian: Fatura nº, R$ 97.450,00, Data de emissão and Vencimento, Cliente',
  ownCompany: OWN_COMPANY,
  rows: [
    ['Cooperativa Cafeeira do Sul Ltda.'],
    ['CNPJ: 12.345.678/0001-90'],
    ['FATURA'],
    ['Fatura nº 2026/118'],
    [`Data de emissão: ${date('pt-BR', ISSUED)}`],
    [`Vencimento: ${date('pt-BR', day('2027-01-19'))}`],
    ['Cliente: Ada Exports Ltd'],
    ['Café arábica, 300 sacas', money('pt-BR', 'BRL', 97450)],
    ['Valor total:', money('pt-BR', 'BRL', 97450)],
  ],
  expected: {
    reference: { value: '2026/118', band: 'sure' },
    counterparty: { value: 'Cooperativa Cafeeira do Sul Ltda.', band: 'guess' },
    currency: { value: 'BRL', band: 'sure' },
    amount: { value: '97450.00', band: 'sure' },
    issueDate: { value: '2026-11-20', band: 'sure' },
    dueDate: { value: '2027-01-19', band: 'sure' },
    direction: { value: 'payable', band: 'sure' },
  },
};

export const INVOICE_LAYOUTS = {
  american,
  british,
  australian,
  german,
  french,
  frenchSupplier,
  indian,
  japanese,
  brazilian,
};

/** The layout as a text file: its columns separated by spaces. */
export const layoutText = (layout: InvoiceLayout) =>
  layout.rows.map((cells) => cells.filter(Boolean).join('    ')).join('\n') + '\n';
