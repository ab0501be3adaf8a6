import type { SocialProvider } from '../../../generated/model/socialProvider';
import { socialProvider } from '../../shared/config/socialProviders';

/** The provider's mark from the registry, drawn inline; the label beside it names the provider. */
export function ProviderLogo({ provider }: { provider: SocialProvider }) {
  const { mark } = socialProvider(provider);
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill={mark.background} stroke="#999" strokeWidth="1" />
      {'path' in mark ? (
        <path d={mark.path} fill={mark.foreground} />
      ) : (
        <text x="16" y="21" textAnchor="middle" fontSize="13" fontWeight="700" fontFamily="system-ui, sans-serif" fill={mark.foreground}>
          {mark.letters}
        </text>
      )}
    </svg>
  );
}
