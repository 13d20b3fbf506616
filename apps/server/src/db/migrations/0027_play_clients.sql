CREATE TABLE "play_clients" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"client" text NOT NULL,
	"sessions" smallint NOT NULL,
	CONSTRAINT "play_clients_video_id_day_client_pk" PRIMARY KEY("video_id","day","client")
);
