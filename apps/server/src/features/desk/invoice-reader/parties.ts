import { DESK_LIMITS, type InvoiceDirection } from '@tp/shared';
import { beforeLabels, labelledValues, type LabelKind, type Line, type Located } from './labels';
import { cut, GUESS, nothing, proposal, stripPunctuation, SURE, type Proposal } from './lines';

/**
 * Who the invoice is between. The buyer is the first line of the "Bill to" (Buyer, Customer,
 * Sold to, …) block; the issuer is the "Seller"/"From" block's, or else the document's first line
 * that is not its title. An invoice addressed to the user's own company is a payable (the issuer
 * is the counterparty); any other is a receivable (the buyer is).
 */

const PARTY_KINDS: ReadonlySet<LabelKind> = new Set(['buyer', 'seller', 'other']);
/** "INVOICE", "Tax Invoice", "FACTURE", "請求書" and the like: a document's title, not its issuer. */
const TITLE_WORDS =
  '(?:(?:tax|commercial|proforma|pro forma|final|original|duplicate|copy)\\s)*(?:invoice|rechnung|facture|fatura|factura|nota fiscal|bill|請求書|御請求書)';
const TITLE = new RegExp(`^${TITLE_WORDS}(?:\\s|$)`, 'iu');
/** A title in the next column of the issuer's line ("Kaffeerösterei Hamburg GmbH    RECHNUNG"). */
const TITLE_AFTER = new RegExp(`\\s${TITLE_WORDS}$`, 'iu');
const HAS_TWO_LETTERS = /\p{L}.*\p{L}/u;
/** Words that are not a company's name: legal forms, and punctuation. */
const LEGAL_FORMS = new Set(
  'ltd limited llc inc incorporated corp corporation co company plc gmbh ag kg ohg ug sa sas sarl srl spa bv nv ab as oy pty pvt private ltda eireli me kk kabushiki kaisha'.split(
    ' ',
  ),
);

export interface Party {
  name: string;
  confidence: number;
  source: string;
  lineIndex: number;
}

function readName(text: string): Located<string>[] {
  const name = stripPunctuation(text);
  return HAS_TWO_LETTERS.test(name)
    ? [{ value: cut(name, DESK_LIMITS.counterpartyMax), start: 0, end: text.length }]
    : [];
}

function labelledParty(lines: Line[], kind: 'buyer' | 'seller'): Party | null {
  const found = labelledValues(lines, {
    kinds: new Set([kind]),
    columnKinds: PARTY_KINDS,
    read: readName,
    pick: 'first',
    freeText: true,
  });
  const best = found.reduce<(typeof found)[number] | null>((a, b) => (!a || b.strength > a.strength ? b : a), null);
  return best && { name: best.value, confidence: best.strength, source: best.source, lineIndex: best.lineIndex };
}

/** The first line that is neither the title nor a label's, nor another label's value: where an issuer writes its name. */
function issuerByPosition(lines: Line[], taken: Set<number>): Party | null {
  for (let index = 0; index < Math.min(lines.length, 12); index += 1) {
    const line = lines[index]!;
    if (taken.has(index) || TITLE.test(line.text)) continue;
    const [name] = readName(beforeLabels(line).replace(TITLE_AFTER, ''));
    if (name) return { name: name.value, confidence: GUESS, source: line.text, lineIndex: index };
    if (line.hits.length > 0) taken.add(index + 1);
  }
  return null;
}

/** Lowercase words without accents or legal forms: "Rösterei Hamburg GmbH" → "rosterei hamburg". */
export function companyWords(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !LEGAL_FORMS.has(word))
    .join(' ');
}

function names(company: string, text: string): boolean {
  const own = companyWords(company);
  return own.length >= 3 && ` ${companyWords(text)} `.includes(` ${own} `);
}

export interface Parties {
  counterparty: Proposal<string>;
  direction: Proposal<InvoiceDirection>;
}

/** The block's name line and the one after it (a contact's name may come first). */
const blockText = (lines: Line[], party: Party) =>
  `${lines[party.lineIndex]?.text ?? ''} ${lines[party.lineIndex + 1]?.text ?? ''}`;

export function partiesOf(lines: Line[], ownCompany: string): Parties {
  const buyer = labelledParty(lines, 'buyer');
  const seller = labelledParty(lines, 'seller');
  const issuer = seller ?? issuerByPosition(lines, new Set(buyer ? [buyer.lineIndex] : []));
  const toUs = buyer !== null && names(ownCompany, blockText(lines, buyer));
  const fromUs = !toUs && issuer !== null && names(ownCompany, blockText(lines, issuer));
  const direction: Proposal<InvoiceDirection> = toUs
    ? proposal('payable', SURE, buyer.source)
    : fromUs
      ? proposal('receivable', SURE, issuer.source)
      : { value: 'receivable', confidence: GUESS, source: null };
  const counterparty = toUs ? issuer : buyer;
  if (!counterparty) return { counterparty: nothing(), direction };
  // the counterparty is only as sure as the direction that chose it
  const confidence = direction.confidence === SURE ? counterparty.confidence : counterparty.confidence * 0.8;
  return { counterparty: proposal(counterparty.name, confidence, counterparty.source), direction };
}
