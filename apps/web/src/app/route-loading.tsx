import { Spinner } from '@/ui/spinner';

export function RouteLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-bg">
      <Spinner label="Loading Trading Portal" />
    </div>
  );
}
