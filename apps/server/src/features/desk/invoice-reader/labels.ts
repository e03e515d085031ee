import { stripPunctuation } from './lines';

/**
 * The labels an invoice writes before its values, in English, German, French, Portuguese, Spanish
 * and Japanese. Each line is scanned once, left to right; where two labels start at the same place
 * the first in this table wins, so a longer label comes before the shorter one it starts with
 * ("Due date" before "Due", "Customer No." before "Customer"). A label of kind "other" is read
 * only to end the value before it ("Ship to", "VAT No.", "Delivery date").
 */
export type LabelKind =
  | 'reference'
  | 'issue'
  | 'due'
  | 'otherDate'
  | 'terms'
  | 'total'
  | 'subtotal'
  | 'buyer'
  | 'seller'
  | 'currency'
  | 'other';

interface LabelDefinition {
  kind: LabelKind;
  pattern: string;
  /** How sure a value after this label is what its kind says (1: says it outright). */
  strength?: number;
}

const LABELS: LabelDefinition[] = [
  // numbers and dates that are not the invoice's
  {
    kind: 'other',
    pattern:
      "(?:your|customer'?s?|client|buyer'?s?) ?(?:ref(?:erence)?|order)(?: ?(?:no|nr|number|#)\\.?)?|(?:customer|client|account|vat|tax|gst|order|p\\.?o\\.?|purchase order|delivery note|hs|iec|pan|lot|container|awb|b\\/l) ?(?:no|nr|number|id|code|#|n[°º])\\.?",
  },
  {
    kind: 'other',
    pattern:
      'kundennummer|kunden-?nr\\.?|bestellnummer|bestell-?nr\\.?|ihre bestellung|steuernummer|ust-?id(?:nr)?\\.?|gstin|cnpj|cpf|siret|iban|swift(?: code)?|bic|e-?mail|tel(?:ephone|efon)?\\.?|phone|fax|ship(?:ped)? to|deliver(?:ed|y)? to|lieferadresse|livr[ée] [àa]|notify party|bon de commande|pedido',
  },
  {
    kind: 'otherDate',
    pattern:
      "(?:shipment|shipping|delivery|order|despatch|dispatch|b\\/l|bill of lading|sailing|departure|arrival|expiry|supply|service|po) date|date of (?:shipment|delivery|supply|order|dispatch|despatch|b\\/l|arrival|expiry)|lieferdatum|leistungsdatum|bestelldatum|date de livraison|date d[’']exp[ée]dition|data de (?:entrega|embarque)|fecha de entrega",
  },
  // the invoice's number
  {
    kind: 'reference',
    pattern:
      'invoice ?(?:no\\.?|nr\\.?|number|num\\.?|#|n[°º]\\.?|id)|inv\\.? ?(?:no\\.?|#)|bill (?:no\\.?|number)|rechnungs-?(?:nummer|nr\\.?)|rechnung nr\\.?|facture (?:n[°º]|no\\.?|num[ée]ro)|n[°º] (?:de )?facture|num[ée]ro de facture|fatura (?:n[°º]|no\\.?|n[úu]mero)|n[úu]mero da fatura|factura (?:n[°º]|no\\.?)|n[úu]mero de factura|請求書番号|請求番号',
  },
  {
    kind: 'reference',
    pattern: '(?:our )?ref(?:erence)?\\.?(?: ?(?:no|#)\\.?)?|r[ée]f[ée]rence|refer[êe]ncia|unser zeichen',
    strength: 0.8,
  },
  // dates
  {
    kind: 'due',
    pattern:
      "due date|date due|payment due(?: date| by| on)?|due (?:by|on)|pay(?:able)? (?:by|before|until)|f[äa]llig(?:keitsdatum| am| bis| zum)?|zahlbar bis(?: zum)?|date d[’']?[ée]ch[ée]ance|[ée]ch[ée]ance|[àa] payer (?:avant le|au plus tard le|le)|data de vencimento|vencimento|fecha de vencimiento|vencimiento|お?支払期限|支払期日|due",
  },
  {
    kind: 'issue',
    pattern:
      "invoice date|date of (?:invoice|issue)|issue date|date issued|issued(?: on)?|billing date|rechnungsdatum|datum|date de (?:la )?facture|date de facturation|date d[’']?[ée]mission|data (?:de|da) emiss[ãa]o|data da fatura|emiss[ãa]o|fecha(?: de (?:emisi[óo]n|factura))?|請求日|発行日|dated?",
  },
  {
    kind: 'terms',
    pattern:
      '(?:payment |credit )?terms(?: of payment)?|zahlungsbedingungen|zahlungsziel|conditions de (?:paiement|r[èe]glement)|modalit[ée]s de paiement|condi[çc][õo]es de pagamento|prazo(?: de pagamento)?|condiciones de pago|支払条件|conditions|condi[çc][õo]es|condiciones',
  },
  // amounts: the ones that are not the total first
  {
    kind: 'subtotal',
    pattern:
      'sub-? ?total|zwischensumme|sous-? ?total|(?:total|montant) (?:h\\.?t\\.?|hors taxes?)|total (?:excl\\.?|excluding|before|net of|ex\\.?|without|ohne) (?:vat|tax|gst|mwst)|total (?:vat|tax(?:es)?|gst|igst|cgst|sgst|mwst|tva|iva|icms|ipi|discount|freight|quantity|qty|(?:net |gross )?weight|items?|bags|cartons|cases|packages|pkgs|pieces|pcs|units|kgs?|mt|volume|cbm|in words)|amount (?:in words|chargeable)|net(?:to)?(?:betrag| amount| total| value)|summe netto|amount paid|paid to date|deposit|advance paid|discount|rabatt|remise|desconto|小計|消費税',
  },
  {
    kind: 'total',
    pattern:
      'total amount due|total due|amount due|balance due|amount payable|total payable|grand total|invoice (?:total|amount|value)|total invoice (?:amount|value)|total (?:amount|value)|gesamtbetrag|rechnungsbetrag|endbetrag|bruttobetrag|summe brutto|gesamtsumme|zahlbetrag|zu zahlen(?:der betrag)?|(?:total|montant) ttc|net [àa] payer|montant (?:total|d[uû])|total [àa] payer|valor total(?: da (?:fatura|nota))?|total a pagar|total geral|valor a pagar|importe total|monto total|ご請求金額|請求金額|合計金額|総合計|合計|total|summe|gesamt',
  },
  // parties
  {
    kind: 'buyer',
    pattern:
      'bill(?:ed)? to|invoice(?:d)? to|sold to|buyer|customer|client|rechnungsempf[äa]nger|rechnungsadresse|k[äa]ufer|kunde|empf[äa]nger|factur[ée] [àa]|acheteur|destinataire|cliente|comprador|destinat[áa]rio|tomador|faturado (?:para|a)|adquirente|importer|ご?請求先|messrs\\.?|m\\/s\\.?|to(?= ?:)',
  },
  { kind: 'buyer', pattern: 'consignee|attn\\.?|attention', strength: 0.8 },
  {
    kind: 'seller',
    pattern:
      'from(?= ?:)|seller|supplier|vendor|exporter|issued by|bill from|verk[äa]ufer|lieferant|rechnungssteller|absender|fournisseur|vendeur|[ée]metteur|emitente|vendedor|fornecedor|exportador|prestador',
  },
  { kind: 'currency', pattern: 'currency|w[äa]hrung|devise|monnaie|moeda|moneda|通貨' },
];

const GROUP = (index: number) => `l${index}`;
/** Tried only where a word starts (every label starts with a letter), and not followed by a letter ("Net60" is fine). */
const LABEL_PATTERN = new RegExp(
  `(?:${LABELS.map((label, index) => `(?<${GROUP(index)}>${label.pattern})`).join('|')})(?!\\p{L})`,
  'iuy',
);
const WORD_START = /(?<![\p{L}\p{N}])\p{L}/gu;

export interface LabelHit {
  kind: LabelKind;
  strength: number;
  start: number;
  end: number;
}

export interface Line {
  text: string;
  hits: LabelHit[];
}

function hitsIn(text: string): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const word of text.matchAll(WORD_START)) {
    if (word.index < (hits[hits.length - 1]?.end ?? 0)) continue;
    LABEL_PATTERN.lastIndex = word.index;
    const match = LABEL_PATTERN.exec(text);
    if (!match) continue;
    const label = LABELS[LABELS.findIndex((_, i) => match.groups?.[GROUP(i)] !== undefined)]!;
    hits.push({
      kind: label.kind,
      strength: label.strength ?? 1,
      start: word.index,
      end: word.index + match[0].length,
    });
  }
  return hits;
}

export const withLabels = (lines: string[]): Line[] => lines.map((text) => ({ text, hits: hitsIn(text) }));

/** A value found in a piece of text, where it starts and ends there. */
export interface Located<T> {
  value: T;
  start: number;
  end: number;
}

export interface Labelled<T> {
  value: T;
  /** The label's strength, lowered when the value's column could not be told apart from another's. */
  strength: number;
  kind: LabelKind;
  lineIndex: number;
  source: string;
  /** The values of the segment, or of the next line, the value was chosen among. */
  segment: string;
}

export interface LabelledQuery<T> {
  kinds: ReadonlySet<LabelKind>;
  /** The kinds whose values a header row lines up with the next line's, column by column. */
  columnKinds: ReadonlySet<LabelKind>;
  read: (text: string) => Located<T>[];
  /** Which value of a segment is the label's: its first, or its last (a total's row ends with it). */
  pick: 'first' | 'last';
  /** Free text (a name) cannot be split into columns: the next line is taken whole, less sure when crowded. */
  freeText?: boolean;
}

/** The text after a label, up to the next label on its line. */
export function segmentAfter(line: Line, hitIndex: number): string {
  const hit = line.hits[hitIndex]!;
  return line.text.slice(hit.end, line.hits[hitIndex + 1]?.start ?? line.text.length);
}

/** The text of a line before its first label. */
export const beforeLabels = (line: Line) => line.text.slice(0, line.hits[0]?.start ?? line.text.length);

function fromNextLine<T>(lines: Line[], index: number, hitIndex: number, query: LabelledQuery<T>) {
  const line = lines[index]!;
  const next = lines[index + 1];
  if (!next) return null;
  const columns = line.hits.filter((hit) => query.columnKinds.has(hit.kind));
  if (query.freeText) {
    const [value] = query.read(beforeLabels(next));
    const crowded = line.hits.some((hit) => hit.kind !== line.hits[hitIndex]!.kind);
    return value ? { value: value.value, crowded, next } : null;
  }
  const values = query.read(next.text);
  const column = columns.indexOf(line.hits[hitIndex]!);
  if (values.length !== columns.length || column < 0) return null;
  return { value: values[column]!.value, crowded: false, next };
}

/**
 * Every value written after a label of the query's kinds: on the label's line (up to the next
 * label), or, when nothing follows the label there, on the next line (a header row over its values,
 * or a block such as "Bill to" over the name).
 */
export function labelledValues<T>(lines: Line[], query: LabelledQuery<T>): Labelled<T>[] {
  const found: Labelled<T>[] = [];
  lines.forEach((line, index) => {
    line.hits.forEach((hit, hitIndex) => {
      if (!query.kinds.has(hit.kind)) return;
      const segment = segmentAfter(line, hitIndex);
      const values = query.read(segment);
      const chosen = query.pick === 'first' ? values[0] : values[values.length - 1];
      if (chosen) {
        found.push({
          value: chosen.value,
          strength: hit.strength,
          kind: hit.kind,
          lineIndex: index,
          source: line.text,
          segment,
        });
        return;
      }
      if (stripPunctuation(segment) !== '') return;
      const below = fromNextLine(lines, index, hitIndex, query);
      if (!below) return;
      found.push({
        value: below.value,
        strength: below.crowded ? hit.strength * 0.5 : hit.strength,
        kind: hit.kind,
        lineIndex: index + 1,
        source: `${line.text} ${below.next.text}`,
        segment: below.next.text,
      });
    });
  });
  return found;
}
