import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { AppNotifications } from '../ui/AppNotifications';
import { accessibleColors, theme } from '../ui/theme';
import type { createAppRouter } from './router';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'parley-color-scheme' });

export function App({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter>['router'] }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleColors} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
      <AppNotifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
