import { createBrowserRouter, type RouteObject } from 'react-router'
import { HomePage } from '../features/home/pages/home-page.tsx'
import { ErrorScreen } from './error-screen.tsx'
import { AppLayout } from './layouts/app-layout.tsx'

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <HomePage /> },
      // Spec 2.1: any unknown path shows home.
      { path: '*', element: <HomePage /> },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
