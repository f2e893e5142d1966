/**
 * The screens a signed-in start opens with their code and reads sent ahead (`opening` in routes.ts):
 * each one's page module and translation namespaces. routes.ts loads the screens with these
 * namespaces; the build's preload script (chunking.ts, `signedInPreload`) asks for the page's files and
 * translations beside the entry when the app starts on the screen, and the build fails if a module named
 * here is not one of its chunks. No imports: the build's config reads this file.
 */
export const OPENING_SCREENS = {
  '/home/index': { page: 'features/home/pages/home-page.tsx', namespaces: ['home', 'quotes'] },
  '/quotes/info': { page: 'features/quotes/pages/info-page.tsx', namespaces: ['quotes'] },
} as const;
