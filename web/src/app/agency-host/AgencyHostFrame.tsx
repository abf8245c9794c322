// Every page on an agency host: the agency's header (logo and name), the page, and the agency's footer.
// Render errors show the neutral fallback here too, so no error page names the platform.
import { Box, Group, Image, Text } from '@mantine/core';
import { Outlet, useLocation } from 'react-router-dom';
import { useAgencyBranding } from '../../lib/agency-host';
import { RouteBoundary } from '../../ui/RouteBoundary';
import { AgencyFooter } from './AgencyFooter';

export function AgencyBrand({ size = 32 }: { size?: number }) {
  const branding = useAgencyBranding();
  if (!branding) return null;
  return (
    <Group gap="xs" wrap="nowrap" className="agency-brand">
      {branding.squarePhotoURL && <Image src={branding.squarePhotoURL} alt={`${branding.name} logo`} w={size} h={size} radius="sm" fit="contain" />}
      <Text fw={700} className="agency-font">
        {branding.name}
      </Text>
    </Group>
  );
}

export function AgencyHostFrame() {
  const branding = useAgencyBranding();
  const { pathname } = useLocation();
  // The client login and dashboard draw the agency's brand themselves; other pages get the agency's header.
  const ownChrome = pathname.startsWith('/app/') || pathname === '/' || pathname === '/login';
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} className="agency-font">
      {!ownChrome && (
        <Group component="header" className="agency-header" px="md" h={56} aria-label="Agency header">
          <AgencyBrand />
        </Group>
      )}
      <Box style={{ flex: 1 }}>
        <RouteBoundary resetKey={pathname}>
          <Outlet />
        </RouteBoundary>
      </Box>
      {branding && <AgencyFooter branding={branding} />}
    </Box>
  );
}
