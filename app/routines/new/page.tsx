import { NewRoutine } from "@/components/routines/new-routine";
import { RoutinesLayout } from "@/components/routines/routines-layout";

// caller: public — an empty form: creating the routine goes through the API, which resolves the caller.

export default function NewRoutinePage() {
  return (
    <RoutinesLayout>
      <NewRoutine />
    </RoutinesLayout>
  );
}
