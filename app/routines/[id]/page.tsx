import { RoutinePage } from "@/components/routines/routine-page";
import { RoutinesLayout } from "@/components/routines/routines-layout";

// caller: public — a shell without data: the routine is fetched in the browser through the API, which resolves the caller.
export default async function RoutineRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RoutinesLayout activeId={id}>
      <RoutinePage key={id} id={id} />
    </RoutinesLayout>
  );
}
