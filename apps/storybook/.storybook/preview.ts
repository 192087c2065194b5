import '@gallop/ui-kit/styles.css';
import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    a11y: {
      // Accessibility violations fail story tests (Vitest addon and the test widget in the UI).
      test: 'error',
    },
    viewport: {
      options: {
        phone: { name: 'Phone (390)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        desktop: {
          name: 'Desktop (1440)',
          styles: { width: '1440px', height: '900px' },
          type: 'desktop',
        },
      },
    },
    controls: {
      matchers: { color: /(background|color)$/i },
    },
  },
};

export default preview;
