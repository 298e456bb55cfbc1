/** Grading a folder of exercise files: run the suites, score each lesson, know what each lesson builds on (npm run check and npm run watch). */
import { runLessons, type RunOptions } from './runner.ts';
import { scoreLesson, type LessonRun, type LessonScore } from '../../core/results.ts';

export { withPrerequisites } from '../../core/workbook.ts';

/** Runs and scores the given lessons; the scores are keyed by lesson id. */
export async function gradeLessons(
  options: Omit<RunOptions, 'targets' | 'onLessonDone'> & { target: string; onLessonDone?: (run: LessonRun) => void },
): Promise<Map<string, LessonScore>> {
  const { onLessonDone } = options;
  const runs = await runLessons({ ...options, onLessonDone: onLessonDone && ((_target, run) => onLessonDone(run)) });
  return new Map(options.lessons.map((lesson, index) => [lesson.id, scoreLesson(lesson, runs[index]!)]));
}
