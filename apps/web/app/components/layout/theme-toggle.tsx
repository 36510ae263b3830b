import { Moon, Sun } from 'lucide-react';
import { useI18n } from '~/i18n/i18n-context';
import { useTheme } from '~/lib/theme';
import { Button } from '~/components/ui/button';

/** Switches between light and dark (the footer offers "system" too). */
export function ThemeToggle() {
  const { t } = useI18n();
  const { isDark, toggle } = useTheme();
  const label = isDark ? t('theme.toLight') : t('theme.toDark');
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      data-theme-toggle
      data-label-to-light={t('theme.toLight')}
      data-label-to-dark={t('theme.toDark')}
      aria-label={label}
      title={label}
    >
      <Sun className="hidden dark:block" aria-hidden="true" />
      <Moon className="block dark:hidden" aria-hidden="true" />
    </Button>
  );
}
