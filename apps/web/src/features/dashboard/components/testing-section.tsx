import { Link } from 'react-router';
import { useFeatureFlags } from '@/lib/feature-flags';
import { paths } from '@/lib/paths';
import { TryOutNotice } from '@/ui/try-out-notice';

/**
 * The testing widget: which enhanced parts are switched on in this browser, and where to try them.
 * It says first that it is for trying the interface, not the user's own work.
 */
export function TestingSection() {
  const { flags } = useFeatureFlags();
  const rows = [
    { name: 'Enhanced components', on: flags.enhancedComponents },
    { name: 'Enhanced services (trading dashboard)', on: flags.services },
    { name: 'Real-time data', on: flags.realTimeData },
  ];
  return (
    <div className="flex flex-col gap-3 text-sm">
      <TryOutNotice title="This tab is for trying the interface; nothing here is your data.">
        It shows which features still being built are switched on in this browser. Your files, trades and campaigns are
        in the other tabs.
      </TryOutNotice>
      <ul className="divide-y divide-border">
        {rows.map((row) => (
          <li key={row.name} className="flex justify-between py-2">
            <span>{row.name}</span>
            <span className={row.on ? 'text-gain' : 'text-muted'}>{row.on ? 'On' : 'Off'}</span>
          </li>
        ))}
      </ul>
      <p className="text-muted">
        Switch features on for this browser on the{' '}
        <Link to={paths.featureFlags} className="font-medium text-accent underline">
          feature test page
        </Link>
        , and try the components in the{' '}
        <Link to={paths.uiDemo} className="font-medium text-accent underline">
          UI demo
        </Link>
        .
      </p>
    </div>
  );
}
