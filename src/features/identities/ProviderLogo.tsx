import type { SocialProvider } from '../../shared/socialProviders';

/** Small inline marks: no image downloads, and decorative (the label beside them names the provider). */
const MARKS: Record<SocialProvider, { background: string; text: string; letter: string }> = {
  iamsmart: { background: '#0b6e4f', text: '#fff', letter: 'iA' },
  facebook: { background: '#1559c2', text: '#fff', letter: 'f' },
  linkedin: { background: '#0a66c2', text: '#fff', letter: 'in' },
  google: { background: '#fff', text: '#1a4ba0', letter: 'G' },
  apple: { background: '#000', text: '#fff', letter: '' },
};

export function ProviderLogo({ provider }: { provider: SocialProvider }) {
  const mark = MARKS[provider];
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill={mark.background} stroke="#999" strokeWidth="1" />
      {provider === 'apple' ? (
        <path d="M20.5 16.6c0-2 1.6-3 1.7-3-1-1.4-2.4-1.6-2.9-1.6-1.2-.1-2.4.7-3 .7s-1.6-.7-2.6-.7c-1.4 0-2.6.8-3.3 2-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.4-.6 2.6-.6 1.5.6 2.6.6 1.8-1 2.4-2c.8-1.1 1.1-2.2 1.1-2.3 0 0-2.1-.8-2.1-3.1zm-2-6c.5-.7.9-1.6.8-2.5-.8 0-1.7.5-2.3 1.2-.5.6-.9 1.5-.8 2.4.9.1 1.7-.4 2.3-1.1z" fill="#fff" />
      ) : (
        <text x="16" y="21" textAnchor="middle" fontSize="13" fontWeight="700" fontFamily="system-ui, sans-serif" fill={mark.text}>
          {mark.letter}
        </text>
      )}
    </svg>
  );
}
