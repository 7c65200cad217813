import { Box, Card, Flex, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LanguageMenu } from "../shell/LanguageMenu";
import { ThemeSwitcher } from "../shell/ThemeSwitcher";

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Product name above the card. */
  brand?: string;
}

/** The blank layout of sign-in and information pages: a centred card, theme and language at hand. */
export function AuthLayout({ title, subtitle, children, brand = "Parley" }: AuthLayoutProps) {
  return (
    <Flex minH="100vh" direction="column" bg="bg.subtle">
      <HStack justify="space-between" px="4" py="3">
        <HStack gap="2">
          <Box boxSize="8" borderRadius="md" bg="colorPalette.solid" color="colorPalette.contrast" display="grid" placeItems="center" fontWeight="bold" aria-hidden>
            P
          </Box>
          <Text fontWeight="bold">{brand}</Text>
        </HStack>
        <HStack gap="1">
          <ThemeSwitcher />
          <LanguageMenu />
        </HStack>
      </HStack>
      <Flex as="main" flex="1" align="center" justify="center" p="4">
        <Card.Root w="full" maxW="md" variant="elevated">
          <Card.Body>
            <Stack gap="6">
              <Stack gap="1">
                <Heading as="h1" size="xl">
                  {title}
                </Heading>
                {subtitle && <Text color="fg.muted">{subtitle}</Text>}
              </Stack>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Flex>
    </Flex>
  );
}
