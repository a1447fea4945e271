import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { CONVERSATION_FILTERS } from '../screens/conversation-filter';
import { LOGIN_PATH } from '../session/session-paths';
import { CatchAll } from './CatchAll';
import { ConversationFilterRedirect } from './ConversationFilterRedirect';
import { DomainLayout } from './DomainLayout';
import { lazyScreen } from './lazy-screen';
import { PermissionGuard } from './PermissionGuard';
import { Root } from './Root';
import { RootRedirect } from './RootRedirect';
import { RouteError } from './RouteError';
import { SCREEN_ROUTES } from './route-table';
import type { ScreenRoute } from './route-table';

export type RouteHandle = { title: string; public: boolean };

function screenRoute(route: ScreenRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, public: route.public === true };
  const screen: RouteObject = { path: route.path, handle, lazy: lazyScreen(route.load) };
  if (route.permission === undefined) return screen;
  return {
    path: route.path,
    element: <PermissionGuard permission={route.permission} />,
    children: [{ index: true, handle, lazy: lazyScreen(route.load) }],
  };
}

/** The route tree: public screens at the root, the others inside the signed-in /:domain. */
export function buildRoutes(): RouteObject[] {
  const publicScreens = SCREEN_ROUTES.filter((route) => route.public).map(screenRoute);
  const domainScreens = SCREEN_ROUTES.filter((route) => !route.public).map(screenRoute);
  return [
    {
      path: '/',
      element: <Root />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, element: <RootRedirect /> },
            { path: 'auth', element: <Navigate to={LOGIN_PATH} replace /> },
            ...publicScreens,
            {
              path: ':domain',
              element: <DomainLayout />,
              children: [
                // The same place as `/` (issue 12): the organization's welcome screen.
                { index: true, element: <Navigate to="bonjour" replace /> },
                // §2's shortcut subpaths, under conversations/ and (as people type them) right under the domain.
                ...CONVERSATION_FILTERS.flatMap((filter) => [
                  { path: `conversations/${filter}`, element: <ConversationFilterRedirect filter={filter} /> },
                  { path: filter, element: <ConversationFilterRedirect filter={filter} /> },
                ]),
                ...domainScreens,
                { path: '*', element: <CatchAll /> },
              ],
            },
            { path: '*', element: <CatchAll /> },
          ],
        },
      ],
    },
  ];
}
