/**
 * The stages a long job reports (`progress.stage` of the job API): the English the API sends, by id. The site
 * shows each in the page's language (`stage.<id>` messages) and an unknown one as the API sent it.
 */
export const jobStages = {
  recognising: 'Recognising text',
  optimising: 'Optimising the PDF',
  reading: 'Reading the pages',
  writing: 'Writing the Word file',
} as const;

export type JobStageId = keyof typeof jobStages;

export const stageMessageKey = (id: JobStageId) => `stage.${id}`;

/** The id of a stage the API named, if it is one of the catalogue's. */
export function jobStageId(stage: string): JobStageId | undefined {
  return (Object.keys(jobStages) as JobStageId[]).find((id) => jobStages[id] === stage);
}
