/** The Atelier mark (and optionally the word mark). */
export interface LogoProps {
  size?: number;
  withText?: boolean;
  className?: string;
}

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" fill="none" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#00968F" />
      <rect x="12" y="14" width="18" height="14" rx="3" fill="#fff" />
      <rect x="34" y="36" width="18" height="14" rx="3" fill="#fff" />
      <rect x="36" y="14" width="16" height="10" rx="3" fill="#fff" fillOpacity=".55" />
      <rect x="12" y="38" width="14" height="10" rx="3" fill="#fff" fillOpacity=".55" />
      <path d="M30 21h4c4 0 9 3 9 9v6" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ size = 28, withText = true, className }: LogoProps) {
  return (
    <span className={['atelier-logo', className].filter(Boolean).join(' ')}>
      <LogoMark size={size} />
      {withText ? <span className="atelier-logo__text">Atelier</span> : null}
    </span>
  );
}
