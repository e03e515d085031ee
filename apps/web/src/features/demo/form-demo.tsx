import { useState } from 'react';
import { Checkbox } from '@/ui/checkbox';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { Select } from '@/ui/select';
import { Slider } from './components/slider';
import { Switch } from '@/ui/switch';
import { DemoSection } from './demo-section';

const TYPES = [
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
  { value: 'document', label: 'Document' },
  { value: 'audio', label: 'Audio', disabled: true },
];

export function FormDemo() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [quantity, setQuantity] = useState(10);
  const error = touched && !email.includes('@') ? 'Please enter your email' : null;
  return (
    <DemoSection title="Form fields">
      <form noValidate className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()}>
        <FormField
          name="demo-email"
          label="Email address"
          description="Leave it empty and tab away to see the error."
          error={error}
          isRequired
        >
          <Input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            autoComplete="email"
          />
        </FormField>
        <FormField name="demo-message" label="Message">
          <Textarea rows={3} placeholder="Optional message" />
        </FormField>
        <FormField name="demo-type" label="Type">
          <Select options={TYPES} placeholder="Any type" />
        </FormField>
        <Checkbox label="Make files publicly accessible (recommended for email sharing)" defaultChecked />
        <Switch label="Email notifications" description="Send me a message when a campaign finishes." defaultChecked />
        <Slider
          label="Quantity"
          value={quantity}
          onValueChange={setQuantity}
          min={0}
          max={100}
          step={5}
          formatValue={(n) => `${n} shares`}
        />
      </form>
    </DemoSection>
  );
}
