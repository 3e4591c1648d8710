import { RoutinePage } from "@/components/routines/routine-page";
import { RoutinesLayout } from "@/components/routines/routines-layout";

// Fetched in the browser, like threads: the API creates the session cookie on a first visit.
export default async function RoutineRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RoutinesLayout activeId={id}>
      <RoutinePage key={id} id={id} />
    </RoutinesLayout>
  );
}
