import Link from "next/link";
import { RoutinesLayout } from "@/components/routines/routines-layout";

// caller: public — a shell without data: the routines load in the browser through the API, which resolves the caller.

export default function RoutinesPage() {
  return (
    <RoutinesLayout>
      <div className="mx-auto mt-16 max-w-md px-4 text-center text-sm text-neutral-600">
        <h1 className="mb-2 text-lg font-semibold text-neutral-900">Routines</h1>
        {/* The list is beside the page from md up, and in the drawer (the menu button) below it. */}
        <p data-testid="routines-hint">
          Pick a routine <span className="hidden md:inline">on the left</span>
          <span className="md:hidden">from the menu</span>, or create one: it runs on a schedule in its own thread.
        </p>
        <Link href="/routines/new" className="mt-3 inline-block rounded-md bg-neutral-900 px-3 py-1.5 font-medium text-white">
          New routine
        </Link>
      </div>
    </RoutinesLayout>
  );
}
