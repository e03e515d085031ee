import { usePublicConfig } from '@/lib/public-config';

/** The support address from /api/config, as a mailto link. */
export function SupportEmail() {
  const email = usePublicConfig().data?.supportEmail;
  if (!email) return <span>our support address</span>;
  return (
    <a href={`mailto:${email}`} className="break-all">
      {email}
    </a>
  );
}
