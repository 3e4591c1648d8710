import { NewRoutine } from "@/components/routines/new-routine";
import { RoutinesLayout } from "@/components/routines/routines-layout";

export default function NewRoutinePage() {
  return (
    <RoutinesLayout>
      <NewRoutine />
    </RoutinesLayout>
  );
}
