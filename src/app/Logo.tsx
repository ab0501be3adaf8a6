/** The university's mark, drawn inline so the header needs no extra download. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#7a1f2b" />
      <path d="M16 5l10 4v7c0 6-4.3 10-10 12C10.3 26 6 22 6 16V9z" fill="#fff" />
      <path d="M11 15h10M16 10v12" stroke="#7a1f2b" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
