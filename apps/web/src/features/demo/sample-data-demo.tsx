import { FileText, Upload } from 'lucide-react';
import { formatCount } from '@/lib/format';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/ui/card';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { ActionCard } from './components/action-card';
import { DemoSection } from './demo-section';

/**
 * The components that show figures, filled with values that are plainly samples: round numbers,
 * no currency, no market symbols, each labelled as a sample. No one should read an amount here as
 * theirs or as a price.
 */
const SAMPLE_ROWS = [
  { name: 'Sample row 1', side: 'Buy', quantity: 1, value: 100 },
  { name: 'Sample row 2', side: 'Sell', quantity: 2, value: 200 },
  { name: 'Sample row 3', side: 'Buy', quantity: 3, value: 300 },
] as const;

export function CardsDemo() {
  return (
    <DemoSection title="Cards">
      <Card>
        <CardHeader>
          <CardTitle>Sample card</CardTitle>
          <CardDescription>A header, content and a footer</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="tabular text-2xl font-semibold">{formatCount(1_000)}</p>
          <p className="text-sm text-muted">A sample figure, not an amount of yours</p>
        </CardContent>
        <CardFooter>
          <Button size="sm" variant="outline">
            Sample button
          </Button>
        </CardFooter>
      </Card>
      <ActionCard
        title="Sample action card"
        description="A card with points, a level, a badge and progress."
        icon={Upload}
        points={10}
        level={2}
        badge="Sample"
        progress={65}
        interactive
        componentId="demo-upload"
      >
        Opened by a click on the card. Nothing here counts towards your goals.
      </ActionCard>
      <ActionCard title="Completed sample" icon={FileText} points={3} progress={120} />
    </DemoSection>
  );
}

export function TableDemo() {
  return (
    <DemoSection title="Table">
      <Table scrollLabel="Sample rows">
        <TableCaption>Sample rows, not trades of yours</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Row</TableHead>
            <TableHead>Side</TableHead>
            <TableHead numeric>Quantity</TableHead>
            <TableHead numeric>Sample value</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {SAMPLE_ROWS.map((row) => (
            <TableRow key={row.name}>
              <TableCell className="font-medium">{row.name}</TableCell>
              <TableCell className={row.side === 'Buy' ? 'whitespace-nowrap text-gain' : 'whitespace-nowrap text-loss'}>
                {row.side === 'Buy' ? '▲' : '▼'} {row.side}
              </TableCell>
              <TableCell numeric>{row.quantity}</TableCell>
              <TableCell numeric>{formatCount(row.value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DemoSection>
  );
}
