import { createTheme, type CSSVariablesResolver, Modal, PasswordInput } from '@mantine/core';

/**
 * Mantine's defaults with darker shades: white on blue 6 and red 6 text on a light alert fall
 * short of WCAG AA contrast (4.5:1); shade 9 passes on both.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // Dialogs open at once: during a fade their text is partly transparent, below AA contrast for
    // whoever reads it then (and any check made then), and nothing in an operator's day needs it.
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }),
    // The eye button in Spanish, and reachable by keyboard (seeing what one typed helps).
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar u ocultar la contraseña' },
      },
    }),
  },
});

/** Dimmed text (field descriptions, hints) in gray 7: gray 6 on white is 3.3:1, short of 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
