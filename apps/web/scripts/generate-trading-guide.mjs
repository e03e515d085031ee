// Generates public/guides/merchant-exporters-trading-guide.pdf (the landing page's free guide).
// Run from apps/web: node scripts/generate-trading-guide.mjs — the PDF is committed; rerun after editing the text.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../public/guides/merchant-exporters-trading-guide.pdf');
mkdirSync(path.dirname(out), { recursive: true });

const ACCENT = '#0369a1';
const TEXT = '#0f172a';
const MUTED = '#475569';

const doc = new PDFDocument({
  size: 'A4',
  margins: { top: 64, bottom: 64, left: 64, right: 64 },
  // a fixed date keeps the file byte-identical between runs
  info: {
    Title: "The Merchant Exporter's Trading Guide",
    Author: 'Trading Portal',
    Subject: 'Incoterms 2020, letters of credit, export pricing and currency risk',
    Keywords: 'export, Incoterms, letter of credit, UCP 600, pricing, currency risk',
    CreationDate: new Date('2026-11-01T00:00:00Z'),
    ModDate: new Date('2026-11-01T00:00:00Z'),
  },
  pdfVersion: '1.7',
  tagged: true,
  lang: 'en-GB',
  displayTitle: true,
  bufferPages: true,
});
doc.pipe(createWriteStream(out));

const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

function h1(text) {
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(20).fillColor(ACCENT).text(text);
  doc.moveDown(0.4);
}
function h2(text) {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).fillColor(TEXT).text(text);
  doc.moveDown(0.2);
}
function p(text) {
  doc.font('Helvetica').fontSize(10.5).fillColor(TEXT).text(text, { align: 'left', lineGap: 2 });
  doc.moveDown(0.4);
}
function bullets(items) {
  for (const item of items) {
    doc.font('Helvetica').fontSize(10.5).fillColor(TEXT).text(`•  ${item}`, { indent: 10, lineGap: 2 });
  }
  doc.moveDown(0.4);
}
function checklist(items) {
  for (const item of items) {
    doc.font('Helvetica').fontSize(10.5).fillColor(TEXT).text(`[  ]  ${item}`, { indent: 10, lineGap: 3 });
  }
  doc.moveDown(0.4);
}
function table(headers, rows, columns) {
  const x0 = doc.page.margins.left;
  const widths = columns.map((c) => c * width);
  const drawRow = (cells, bold) => {
    const heights = cells.map((cell, i) =>
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .heightOfString(cell, { width: widths[i] - 8 }),
    );
    const h = Math.max(...heights) + 8;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = x0;
    cells.forEach((cell, i) => {
      if (bold) doc.rect(x, y, widths[i], h).fill('#e2e8f0');
      doc.rect(x, y, widths[i], h).lineWidth(0.5).stroke('#94a3b8');
      doc
        .fillColor(TEXT)
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .text(cell, x + 4, y + 4, { width: widths[i] - 8 });
      x += widths[i];
    });
    doc.x = x0;
    doc.y = y + h;
  };
  drawRow(headers, true);
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.8);
}

// Cover
doc.rect(0, 0, doc.page.width, 260).fill(ACCENT);
doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(30).text("The Merchant Exporter's", 64, 110);
doc.text('Trading Guide');
doc.font('Helvetica').fontSize(13).text('Incoterms 2020 · Letters of credit · Export pricing · Currency risk', 64, 200);
doc.fillColor(TEXT).font('Helvetica').fontSize(11).text('Trading Portal: Gateway to Global Trading', 64, 300);
doc.moveDown(1);
p(
  'This guide collects the essentials a merchant exporter needs before sending the next quotation: which Incoterms rule to choose, how to be paid safely under a letter of credit, how to build a price that covers every cost, and how to stop exchange rates from eating the margin. Each chapter ends with a checklist you can print and use.',
);
h2('Contents');
bullets([
  '1. Choosing the right Incoterms 2020 rule',
  '2. Getting paid under a letter of credit',
  '3. Pricing an export quotation',
  '4. Managing currency risk',
  '5. A one-page pre-shipment checklist',
]);
doc.moveDown(1);
doc
  .font('Helvetica-Oblique')
  .fontSize(9)
  .fillColor(MUTED)
  .text(
    'This guide is general information, not legal, tax or investment advice. Incoterms® is a trademark of the International Chamber of Commerce.',
  );

// 1 Incoterms
doc.addPage();
h1('1. Choosing the right Incoterms 2020 rule');
p(
  'Incoterms rules, published by the International Chamber of Commerce (ICC), decide who pays for each leg of the journey and when the risk of loss passes from seller to buyer. They do not decide when ownership passes or how you are paid: those belong in the sales contract.',
);
table(
  ['Rule', 'Seller delivers when the goods are...', 'Main carriage paid by', 'Modes'],
  [
    ['EXW', "made available at the seller's premises, not loaded", 'Buyer', 'Any'],
    ['FCA', "handed to the buyer's carrier at the named place", 'Buyer', 'Any'],
    ['CPT', 'handed to the first carrier', 'Seller', 'Any'],
    ['CIP', 'handed to the first carrier; seller insures (all risks)', 'Seller', 'Any'],
    ['DAP', 'ready for unloading at the named destination', 'Seller', 'Any'],
    ['DPU', 'unloaded at the named destination', 'Seller', 'Any'],
    ['DDP', 'at destination, import-cleared, duties paid', 'Seller', 'Any'],
    ['FAS', 'alongside the vessel at the port of shipment', 'Buyer', 'Sea'],
    ['FOB', 'on board the vessel at the port of shipment', 'Buyer', 'Sea'],
    ['CFR', 'on board the vessel', 'Seller', 'Sea'],
    ['CIF', 'on board the vessel; seller insures (minimum cover)', 'Seller', 'Sea'],
  ],
  [0.1, 0.55, 0.2, 0.15],
);
h2('Rules of thumb');
bullets([
  'Containers: use FCA instead of FOB and CIP instead of CIF. Risk then passes when you hand the container to the carrier.',
  'Under the "C" rules you pay freight to the destination, but risk passes at origin.',
  'CIP requires all-risks cover (Institute Cargo Clauses A) at 110 % of the contract value; CIF only minimum cover (Clauses C).',
  'EXW rarely suits exporters: you usually still file the export declaration. FCA at your premises is cleaner.',
  "Offer DDP only if you can act as importer of record in the buyer's country; otherwise offer DAP.",
  'Always write the rule, a precise named place and the edition: "FCA Mombasa Container Terminal, Kenya, Incoterms® 2020".',
]);
h2('Checklist');
checklist([
  'Rule fits the mode of transport',
  'Named place precise enough to find on a map',
  '"Incoterms® 2020" written in the quotation and the contract',
  'Insurance level priced in for CIF or CIP',
  'Export and import clearance responsibilities clear',
]);

// 2 Letters of credit
doc.addPage();
h1('2. Getting paid under a letter of credit');
p(
  "A documentary credit is the buyer's bank's promise to pay when you present documents that comply with its terms. Most credits are subject to UCP 600, and banks examine documents according to International Standard Banking Practice (ISBP 821). Banks deal with documents, not goods: a perfect shipment with an imperfect invoice is a discrepant presentation.",
);
h2('Key rules to remember');
bullets([
  'The bank has at most five banking days after presentation to decide whether documents comply (UCP 600 art. 14).',
  'Unless the credit says otherwise, present within 21 calendar days after shipment and before expiry (art. 14(c)).',
  '"About" or "approximately" allows a 10 % tolerance in amount or quantity (art. 30).',
  'The invoice must describe the goods as the credit does (art. 18); other documents may use a general, non-conflicting description.',
  'The insurance document must be dated no later than shipment and cover at least 110 % of the CIF or CIP value (art. 28).',
]);
h2('Most common discrepancies');
bullets([
  'Late shipment or late presentation',
  'Invoice amount above the credit amount',
  'Goods description on the invoice differs from the credit',
  'Bill of lading without a dated "on board" notation',
  'Conflicting data between documents (weights, marks, addresses)',
  'Missing endorsements or signatures',
]);
h2('Checklist when the credit arrives');
checklist([
  'Latest shipment date and presentation period are achievable',
  'Ports, transhipment and partial shipments fit your route',
  'Every document requested can be obtained, in the form requested',
  "No document depends on the buyer (e.g. a certificate signed by the buyer's agent)",
  'Incoterms rule matches the transport and insurance documents asked for',
  'Names, addresses and amounts are correct; amendments requested before shipment',
]);

// 3 Pricing
doc.addPage();
h1('3. Pricing an export quotation');
p(
  'Build the export price up from your cost, one delivery point at a time, so you know what every figure covers. Keep the margin on the goods separate from logistics, so you can quote different Incoterms rules without changing your profit.',
);
h2('Steps');
bullets([
  'Cost of goods ready for export: purchase or production cost, export packaging and marking, testing and certification.',
  'Your margin on the goods.',
  'Costs to the point of delivery: loading, export clearance, inland freight, terminal handling, main freight, insurance.',
  'Costs of getting paid: bank charges, the cost of credit for the payment term, a currency buffer, credit insurance.',
  "Check against the market: competitors, local alternatives and the buyer's own margin.",
]);
h2("Worked example: 1,000 units quoted FCA at the seller's warehouse");
table(
  ['Line', 'Amount'],
  [
    ['Cost of goods, 1,000 × 8.00', '8,000.00'],
    ['Margin, 15 %', '1,200.00'],
    ['Export packaging and marking', '250.00'],
    ['Export clearance and documents', '120.00'],
    ['Bank charges for the letter of credit', '180.00'],
    ["Cost of 60 days' credit on 9,750 at 8 % a year (9,750 × 8 % × 60 / 365)", '128.22'],
    ['FCA price', '9,878.22'],
    ['FCA price per unit', '9.88'],
  ],
  [0.75, 0.25],
);
h2('Costs exporters most often forget');
bullets([
  'Certificates of origin, legalisation and inspection certificates',
  'Demurrage and storage when a container waits at the port',
  'Letter-of-credit amendment fees',
  'Free samples and their courier cost',
  'Currency conversion spreads on every payment received',
]);

// 4 Currency risk
doc.addPage();
h1('4. Managing currency risk');
p(
  'On a margin of a few percent, an ordinary move in exchange rates between quotation and payment can take the whole profit of a deal. Measure your exposure first: list every open quote, order and unpaid invoice in a foreign currency with its amount and expected payment date, then ask what a 5 % move against you would cost.',
);
h2('Five ways to manage it');
bullets([
  "Invoice in your own currency: the risk becomes the buyer's (if the buyer accepts).",
  'Natural hedge: buy inputs and pay freight in the currency you sell in; hold a foreign-currency account.',
  'Forward contracts: fix today the rate for a known future amount. Use a window forward when the date is uncertain.',
  'Price with a buffer and a short validity ("prices valid for 14 days"), with a re-pricing clause beyond an agreed band.',
  'Get paid sooner: advance payments, shorter terms, invoice discounting or forfaiting.',
]);
h2('A simple written policy');
checklist([
  'The currencies we quote in are written down',
  'Confirmed orders above our threshold are hedged when confirmed, not when paid',
  'Every forward matches a real expected payment: no speculation',
  'Open exposures are reviewed every week with the same list',
  'The budget rate of each quote is recorded with the quote',
]);

// 5 Pre-shipment checklist
doc.addPage();
h1('5. A one-page pre-shipment checklist');
checklist([
  'Sales contract signed, with Incoterms® 2020 rule and named place',
  'Payment terms agreed; letter of credit received and checked, amendments obtained',
  'Export licence or permit obtained, if the goods need one',
  "HS code confirmed for the export declaration and the buyer's import",
  'Commercial invoice, packing list and certificate of origin prepared and cross-checked',
  'Insurance arranged at the level the contract or credit requires',
  'Booking confirmed with the carrier or forwarder; cut-off dates noted',
  'Export declaration filed; goods loaded and transport document received',
  'Documents presented to the bank within the presentation period',
  'Currency exposure hedged according to policy',
]);
doc.moveDown(1);
h2('Keep learning');
p(
  'Trading Portal publishes practical stories for exporters, and its paper-trading account and live quotes let you practise timing and pricing decisions without risking money. Questions? Use the contact form or the chat on any page of the portal (Monday to Friday, 9:00–18:00).',
);

// page numbers
const range = doc.bufferedPageRange();
for (let i = range.start; i < range.start + range.count; i += 1) {
  doc.switchToPage(i);
  if (i === 0) continue;
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0; // writing in the margin must not start a new page
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`The Merchant Exporter's Trading Guide · page ${i + 1}`, doc.page.margins.left, doc.page.height - 44, {
      width,
      align: 'center',
      lineBreak: false,
    });
  doc.page.margins.bottom = bottom;
}

doc.end();
console.log(`written ${path.relative(process.cwd(), out)}`);
