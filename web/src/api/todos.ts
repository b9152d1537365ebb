// The signed-in rep's to-dos: shared by the header badge, Home and the 'Mijn taken' page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTodo } from '@prospectie/contract';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import { changeTodoStatus, todosOfEmployee } from '@prospectie/contract/endpoints/addresses';
import { call } from './call';
import { useMe } from './session';

/** Every to-do list kept (the rep's own, a visit's): a sent visit may have handed her new ones. */
export const todosKey = ['todos'] as const;
export const myTodosKey = (employeeId: number) => [...todosKey, 'mine', employeeId] as const;

/** The rep's own to-dos (Home's count, the header badge, Mijn taken). */
export const myTodosQuery = (employeeId: number) => ({
  queryKey: myTodosKey(employeeId),
  queryFn: () => call(todosOfEmployee, { params: { employeeId } }),
});

export function useMyTodos() {
  const me = useMe();
  const employeeId = me.data?.employee?.id;
  return useQuery({ ...myTodosQuery(employeeId ?? 0), enabled: employeeId !== undefined });
}

export function useOpenTodoCount(): number {
  const todos = useMyTodos();
  return todos.data?.filter((t) => t.toDoStatusId === TODO_STATUS.open).length ?? 0;
}

/** Marks a to-do done or open again, at once on screen; rolled back when the server refuses. */
export function useSetTodoStatus() {
  const queryClient = useQueryClient();
  const me = useMe();
  const key = myTodosKey(me.data?.employee?.id ?? 0);
  return useMutation({
    mutationFn: ({ toDoId, toDoStatusId }: { toDoId: number; toDoStatusId: number }) =>
      call(changeTodoStatus, { params: { id: toDoId }, body: { toDoStatusId } }),
    onMutate: async ({ toDoId, toDoStatusId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MyTodo[]>(key);
      queryClient.setQueryData<MyTodo[]>(key, (todos) => todos?.map((t) => (t.toDoId === toDoId ? { ...t, toDoStatusId } : t)));
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      // A visit's follow-up section shows the status too.
      void queryClient.invalidateQueries({ queryKey: ['prospections'] });
    },
  });
}
