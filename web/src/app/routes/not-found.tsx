import { Link } from 'react-router-dom';

export const NotFoundRoute = () => (
  <main className="mx-auto max-w-xl p-8 text-center">
    <h1 className="text-3xl font-bold">404 Page Not Found</h1>
    <p className="mt-2 text-sm text-slate-500">Developer hint: check the route table in web/src/app/router.tsx.</p>
    <Link to="/" className="mt-6 inline-block rounded-lg bg-indigo-600 px-4 py-2 text-white">
      Go Back Home
    </Link>
  </main>
);
