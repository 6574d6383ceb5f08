// Types i18next's t() by the English resources, so a key that en.json (generated) or
// locales/en.json does not define fails typecheck instead of showing the raw key.
import type { RESOURCES } from './i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'catalog';
    resources: (typeof RESOURCES)['en'];
  }
}
