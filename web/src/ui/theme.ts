// Mantine theme: the brand palette as a 10-shade tuple.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

export const parleyPalette: MantineColorsTuple = [
  '#f0eeff', '#dcd8fb', '#b6aef3', '#8e82ec', '#6c5de6', '#5847e2', '#4b3bdb', '#3d2fc3', '#3529af', '#2a219a',
];

export const theme = createTheme({
  primaryColor: 'parley',
  colors: { parley: parleyPalette },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});
