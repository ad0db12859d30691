// DuetCorpus
