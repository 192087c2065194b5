import { colors } from '@gallop/ui-kit';
import { addons } from 'storybook/manager-api';
import { create } from 'storybook/theming';

// Storybook's own UI in Gallop's brand, so designers recognise the kit.
addons.setConfig({
  theme: create({
    base: 'light',
    brandTitle: 'Gallop UI kit',
    colorPrimary: colors.brand,
    colorSecondary: colors.brand,
    textColor: colors.ink,
    appBorderColor: colors.border,
  }),
});
